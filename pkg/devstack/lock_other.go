//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package devstack

import "os"

// lockFile is a no-op where flock is not available: keeping two stacks off
// one data folder is then up to the caller.
func lockFile(*os.File) error { return nil }
