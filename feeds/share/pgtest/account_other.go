//go:build !unix

package pgtest

import (
	"errors"
	"syscall"
)

// account is never used here: the tests do not run as root (os.Geteuid
// is -1), so the server runs as the test's user.
type account struct{}

func nobody() (*account, error) {
	return nil, errors.New("pgtest: running the server as another user is not supported here")
}

func (a *account) own(string) error { return nil }

func (a *account) procAttr() *syscall.SysProcAttr { return nil }
