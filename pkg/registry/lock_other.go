//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package registry

import "os"

// lockFile is a no-op where flock is not available: keeping two registries
// off one data directory is then up to the caller.
func lockFile(*os.File) error { return nil }
