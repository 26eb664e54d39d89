//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package devstack

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive, non-blocking advisory lock on f. Closing f
// releases it.
func lockFile(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}
