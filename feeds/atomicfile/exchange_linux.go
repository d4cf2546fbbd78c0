package atomicfile

import "golang.org/x/sys/unix"

// exchange swaps the files at a and b in one step (renameat2(2) with
// RENAME_EXCHANGE). Its error is errNoExchange where the file system
// cannot.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if err == unix.EINVAL || err == unix.ENOSYS || err == unix.EOPNOTSUPP {
		return errNoExchange
	}
	return err
}
