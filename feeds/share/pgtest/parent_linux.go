package pgtest

import "syscall"

// dieWithParent has the kernel stop the server with SIGQUIT when the test
// process dies before Stop.
func dieWithParent(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGQUIT }
