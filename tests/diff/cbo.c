/* Cache-block operations in user mode: Linux (and QEMU) enable cbo.zero for user programs but
 * not cbo.clean/flush/inval, which raise SIGILL (privileged spec, envcfg.CBZE/CBCFE/CBIE). */
#include <signal.h>
#include <setjmp.h>
#include <stdio.h>
static sigjmp_buf jb;
static void h(int s){ siglongjmp(jb,1);} 
static char buf[128] __attribute__((aligned(64)));
int main(void){ signal(SIGILL,h); for(int i=0;i<128;i++)buf[i]=1;
 if(!sigsetjmp(jb,1)){ __asm__ volatile(".option arch,+zicboz\n cbo.zero (%0)"::"r"(buf):"memory"); printf("cbo.zero ok %d\n", buf[0]+buf[63]+buf[64]);} else printf("cbo.zero SIGILL\n");
 if(!sigsetjmp(jb,1)){ __asm__ volatile(".option arch,+zicbom\n cbo.clean (%0)"::"r"(buf):"memory"); printf("cbo.clean ok\n");} else printf("cbo.clean SIGILL\n");
 if(!sigsetjmp(jb,1)){ __asm__ volatile(".option arch,+zicbom\n cbo.inval (%0)"::"r"(buf):"memory"); printf("cbo.inval ok\n");} else printf("cbo.inval SIGILL\n");
 return 0;}
