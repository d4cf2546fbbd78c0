//go:build unix

package pgtest

import (
	"os"
	"os/user"
	"strconv"
	"syscall"
)

// account is the unprivileged user the server runs as when the tests run
// as root, which PostgreSQL refuses to run as.
type account syscall.Credential

// nobody is the user nobody (65534 where the system does not know it).
func nobody() (*account, error) {
	u, err := user.Lookup("nobody")
	if err != nil {
		return &account{Uid: 65534, Gid: 65534}, nil
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &account{Uid: uint32(uid), Gid: uint32(gid), NoSetGroups: true}, nil
}

// own gives path to the account.
func (a *account) own(path string) error {
	return os.Chown(path, int(a.Uid), int(a.Gid))
}

// procAttr runs a command as the account (as the test's user when a is
// nil), stopped with its parent where the system can say so.
func (a *account) procAttr() *syscall.SysProcAttr {
	attr := &syscall.SysProcAttr{Credential: (*syscall.Credential)(a)}
	dieWithParent(attr)
	return attr
}
