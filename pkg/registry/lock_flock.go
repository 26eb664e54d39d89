//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package registry

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive, non-blocking advisory lock on f.
func lockFile(f *os.File) (unlock func() error, err error) {
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return nil, err
	}
	return func() error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }, nil
}
