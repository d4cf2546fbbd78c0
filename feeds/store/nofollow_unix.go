//go:build unix

package store

import "syscall"

// oNoFollow makes opening a symbolic link fail: the store is never read
// or written through one.
const oNoFollow = syscall.O_NOFOLLOW
