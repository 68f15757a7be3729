/* Generated accessors: every pmpaddr and pmpcfg CSR by index (tests/priv/priv_test.c). */
/* pmpaddr0..63 by number (generated list: CSR numbers are immediates). */
static void pmpaddr_write(unsigned i, u64 v)
{
	switch (i) {
	case 0: CSR_WRITE(pmpaddr0, v); break;
	case 1: CSR_WRITE(pmpaddr1, v); break;
	case 2: CSR_WRITE(pmpaddr2, v); break;
	case 3: CSR_WRITE(pmpaddr3, v); break;
	case 4: CSR_WRITE(pmpaddr4, v); break;
	case 5: CSR_WRITE(pmpaddr5, v); break;
	case 6: CSR_WRITE(pmpaddr6, v); break;
	case 7: CSR_WRITE(pmpaddr7, v); break;
	case 8: CSR_WRITE(pmpaddr8, v); break;
	case 9: CSR_WRITE(pmpaddr9, v); break;
	case 10: CSR_WRITE(pmpaddr10, v); break;
	case 11: CSR_WRITE(pmpaddr11, v); break;
	case 12: CSR_WRITE(pmpaddr12, v); break;
	case 13: CSR_WRITE(pmpaddr13, v); break;
	case 14: CSR_WRITE(pmpaddr14, v); break;
	case 15: CSR_WRITE(pmpaddr15, v); break;
	case 16: CSR_WRITE(pmpaddr16, v); break;
	case 17: CSR_WRITE(pmpaddr17, v); break;
	case 18: CSR_WRITE(pmpaddr18, v); break;
	case 19: CSR_WRITE(pmpaddr19, v); break;
	case 20: CSR_WRITE(pmpaddr20, v); break;
	case 21: CSR_WRITE(pmpaddr21, v); break;
	case 22: CSR_WRITE(pmpaddr22, v); break;
	case 23: CSR_WRITE(pmpaddr23, v); break;
	case 24: CSR_WRITE(pmpaddr24, v); break;
	case 25: CSR_WRITE(pmpaddr25, v); break;
	case 26: CSR_WRITE(pmpaddr26, v); break;
	case 27: CSR_WRITE(pmpaddr27, v); break;
	case 28: CSR_WRITE(pmpaddr28, v); break;
	case 29: CSR_WRITE(pmpaddr29, v); break;
	case 30: CSR_WRITE(pmpaddr30, v); break;
	case 31: CSR_WRITE(pmpaddr31, v); break;
	case 32: CSR_WRITE(pmpaddr32, v); break;
	case 33: CSR_WRITE(pmpaddr33, v); break;
	case 34: CSR_WRITE(pmpaddr34, v); break;
	case 35: CSR_WRITE(pmpaddr35, v); break;
	case 36: CSR_WRITE(pmpaddr36, v); break;
	case 37: CSR_WRITE(pmpaddr37, v); break;
	case 38: CSR_WRITE(pmpaddr38, v); break;
	case 39: CSR_WRITE(pmpaddr39, v); break;
	case 40: CSR_WRITE(pmpaddr40, v); break;
	case 41: CSR_WRITE(pmpaddr41, v); break;
	case 42: CSR_WRITE(pmpaddr42, v); break;
	case 43: CSR_WRITE(pmpaddr43, v); break;
	case 44: CSR_WRITE(pmpaddr44, v); break;
	case 45: CSR_WRITE(pmpaddr45, v); break;
	case 46: CSR_WRITE(pmpaddr46, v); break;
	case 47: CSR_WRITE(pmpaddr47, v); break;
	case 48: CSR_WRITE(pmpaddr48, v); break;
	case 49: CSR_WRITE(pmpaddr49, v); break;
	case 50: CSR_WRITE(pmpaddr50, v); break;
	case 51: CSR_WRITE(pmpaddr51, v); break;
	case 52: CSR_WRITE(pmpaddr52, v); break;
	case 53: CSR_WRITE(pmpaddr53, v); break;
	case 54: CSR_WRITE(pmpaddr54, v); break;
	case 55: CSR_WRITE(pmpaddr55, v); break;
	case 56: CSR_WRITE(pmpaddr56, v); break;
	case 57: CSR_WRITE(pmpaddr57, v); break;
	case 58: CSR_WRITE(pmpaddr58, v); break;
	case 59: CSR_WRITE(pmpaddr59, v); break;
	case 60: CSR_WRITE(pmpaddr60, v); break;
	case 61: CSR_WRITE(pmpaddr61, v); break;
	case 62: CSR_WRITE(pmpaddr62, v); break;
	case 63: CSR_WRITE(pmpaddr63, v); break;
	}
}
static u64 pmpaddr_read(unsigned i)
{
	switch (i) {
	case 0: return CSR_READ(pmpaddr0);
	case 1: return CSR_READ(pmpaddr1);
	case 2: return CSR_READ(pmpaddr2);
	case 3: return CSR_READ(pmpaddr3);
	case 4: return CSR_READ(pmpaddr4);
	case 5: return CSR_READ(pmpaddr5);
	case 6: return CSR_READ(pmpaddr6);
	case 7: return CSR_READ(pmpaddr7);
	case 8: return CSR_READ(pmpaddr8);
	case 9: return CSR_READ(pmpaddr9);
	case 10: return CSR_READ(pmpaddr10);
	case 11: return CSR_READ(pmpaddr11);
	case 12: return CSR_READ(pmpaddr12);
	case 13: return CSR_READ(pmpaddr13);
	case 14: return CSR_READ(pmpaddr14);
	case 15: return CSR_READ(pmpaddr15);
	case 16: return CSR_READ(pmpaddr16);
	case 17: return CSR_READ(pmpaddr17);
	case 18: return CSR_READ(pmpaddr18);
	case 19: return CSR_READ(pmpaddr19);
	case 20: return CSR_READ(pmpaddr20);
	case 21: return CSR_READ(pmpaddr21);
	case 22: return CSR_READ(pmpaddr22);
	case 23: return CSR_READ(pmpaddr23);
	case 24: return CSR_READ(pmpaddr24);
	case 25: return CSR_READ(pmpaddr25);
	case 26: return CSR_READ(pmpaddr26);
	case 27: return CSR_READ(pmpaddr27);
	case 28: return CSR_READ(pmpaddr28);
	case 29: return CSR_READ(pmpaddr29);
	case 30: return CSR_READ(pmpaddr30);
	case 31: return CSR_READ(pmpaddr31);
	case 32: return CSR_READ(pmpaddr32);
	case 33: return CSR_READ(pmpaddr33);
	case 34: return CSR_READ(pmpaddr34);
	case 35: return CSR_READ(pmpaddr35);
	case 36: return CSR_READ(pmpaddr36);
	case 37: return CSR_READ(pmpaddr37);
	case 38: return CSR_READ(pmpaddr38);
	case 39: return CSR_READ(pmpaddr39);
	case 40: return CSR_READ(pmpaddr40);
	case 41: return CSR_READ(pmpaddr41);
	case 42: return CSR_READ(pmpaddr42);
	case 43: return CSR_READ(pmpaddr43);
	case 44: return CSR_READ(pmpaddr44);
	case 45: return CSR_READ(pmpaddr45);
	case 46: return CSR_READ(pmpaddr46);
	case 47: return CSR_READ(pmpaddr47);
	case 48: return CSR_READ(pmpaddr48);
	case 49: return CSR_READ(pmpaddr49);
	case 50: return CSR_READ(pmpaddr50);
	case 51: return CSR_READ(pmpaddr51);
	case 52: return CSR_READ(pmpaddr52);
	case 53: return CSR_READ(pmpaddr53);
	case 54: return CSR_READ(pmpaddr54);
	case 55: return CSR_READ(pmpaddr55);
	case 56: return CSR_READ(pmpaddr56);
	case 57: return CSR_READ(pmpaddr57);
	case 58: return CSR_READ(pmpaddr58);
	case 59: return CSR_READ(pmpaddr59);
	case 60: return CSR_READ(pmpaddr60);
	case 61: return CSR_READ(pmpaddr61);
	case 62: return CSR_READ(pmpaddr62);
	case 63: return CSR_READ(pmpaddr63);
	}
	return 0;
}
static void pmpcfg_write(unsigned r, u64 v)
{
	switch (r) {
	case 0: CSR_WRITE(pmpcfg0, v); break;
	case 2: CSR_WRITE(pmpcfg2, v); break;
	case 4: CSR_WRITE(pmpcfg4, v); break;
	case 6: CSR_WRITE(pmpcfg6, v); break;
	case 8: CSR_WRITE(pmpcfg8, v); break;
	case 10: CSR_WRITE(pmpcfg10, v); break;
	case 12: CSR_WRITE(pmpcfg12, v); break;
	case 14: CSR_WRITE(pmpcfg14, v); break;
	}
}
static u64 pmpcfg_read(unsigned r)
{
	switch (r) {
	case 0: return CSR_READ(pmpcfg0);
	case 2: return CSR_READ(pmpcfg2);
	case 4: return CSR_READ(pmpcfg4);
	case 6: return CSR_READ(pmpcfg6);
	case 8: return CSR_READ(pmpcfg8);
	case 10: return CSR_READ(pmpcfg10);
	case 12: return CSR_READ(pmpcfg12);
	case 14: return CSR_READ(pmpcfg14);
	}
	return 0;
}
