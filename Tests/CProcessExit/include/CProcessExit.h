#ifndef C_PROCESS_EXIT_H
#define C_PROCESS_EXIT_H

#include <sys/types.h>

/// A descriptor that becomes readable when process `pid` exits (Linux `pidfd_open`), or -1 with `errno` set
/// (ENOSYS where there is no such call). Any process can be watched, not only a child.
int cprocessexit_open(pid_t pid);

#endif
