//go:build !unix

package store

// oNoFollow is 0 where the system has no O_NOFOLLOW: Open and Record
// check with Lstat instead.
const oNoFollow = 0
