//go:build unix

package fetch

import "syscall"

// offHeapAlloc maps n bytes of anonymous memory, or returns nil.
func offHeapAlloc(n int64) []byte {
	if int64(int(n)) != n {
		return nil
	}
	b, err := syscall.Mmap(-1, 0, int(n), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil
	}
	return b
}

// offHeapFree unmaps b, which offHeapAlloc returned.
func offHeapFree(b []byte) { syscall.Munmap(b) }
