package atomicfile

import "golang.org/x/sys/unix"

// exchange swaps the files at a and b in one step (renamex_np(2) with
// RENAME_SWAP). Its error is errNoExchange where the file system cannot.
func exchange(a, b string) error {
	err := unix.RenamexNp(a, b, unix.RENAME_SWAP)
	if err == unix.EINVAL || err == unix.ENOTSUP {
		return errNoExchange
	}
	return err
}
