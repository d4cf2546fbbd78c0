//go:build linux || darwin

package share

import (
	"os"
	"syscall"
)

// sysID adds the file's device, inode and change time to id.
func sysID(fi os.FileInfo, id *fileID) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		id.dev, id.ino = uint64(st.Dev), st.Ino
		id.ctimeNsec = ctime(st).Nano()
	}
}
