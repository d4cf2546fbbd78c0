package share

import "syscall"

// ctime is the file's change time (Stat_t names it differently per system).
func ctime(st *syscall.Stat_t) *syscall.Timespec { return &st.Ctim }
