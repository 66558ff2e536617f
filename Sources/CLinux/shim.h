// Linux calls Swift's Glibc module leaves out (it is built without _GNU_SOURCE).
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

// renameat2(2) with RENAME_EXCHANGE (2): swaps two paths atomically. -1 with errno set where
// the kernel or file system does not support it (ENOSYS, EINVAL: some NFS and FUSE mounts).
static inline int trailpack_rename_exchange(const char *a, const char *b) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2u);
#else
    errno = ENOSYS;
    return -1;
#endif
}
