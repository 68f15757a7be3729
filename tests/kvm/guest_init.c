/* /init of the KVM guest's initramfs (tests/kvm/): one line on the console, then power off
 * (once the console has sent it: reboot(2) with LINUX_REBOOT_CMD_POWER_OFF; the guest's syscon-poweroff driver writes 0x5555). */
#include <sys/reboot.h>
#include <termios.h>
#include <unistd.h>

int main(void)
{
	static const char line[] = "karu64-kvm-guest: init is running in the KVM guest\n";
	write(1, line, sizeof line - 1);
	tcdrain(1);
	reboot(RB_POWER_OFF);
	return 1;   /* init must not return: the kernel panics (and the test sees no poweroff) */
}
