typedef int mlkem_rvv_unused;
