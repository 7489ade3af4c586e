#include "CProcessExit.h"

#include <errno.h>

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>

int cprocessexit_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}
#else
int cprocessexit_open(pid_t pid) {
    (void)pid;
    errno = ENOSYS;
    return -1;
}
#endif
