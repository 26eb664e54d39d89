// Package filewatch keeps a value loaded from files and loads it again when
// one of the files changes (a rotated Secret, a renewed certificate), so
// that a service picks up new secrets without a restart. It polls: each
// Get looks at the files' size and modification time at most once per
// interval, with no goroutine of its own. Kubernetes updates a mounted
// Secret by swapping a symlink, which stat follows.
package filewatch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"time"
)

// DefaultInterval is how often Get looks at the files.
const DefaultInterval = time.Second

// Value is a T loaded from files.
type Value[T any] struct {
	paths    []string
	load     func() (T, error)
	interval time.Duration
	now      func() time.Time
	onReload func(err error)

	mu      sync.Mutex
	val     T
	stamp   string
	checked time.Time
}

// Option configures a Value.
type Option func(*options)

type options struct {
	interval time.Duration
	now      func() time.Time
	onReload func(error)
}

// Interval sets how often the files are looked at. Default DefaultInterval.
func Interval(d time.Duration) Option { return func(o *options) { o.interval = d } }

// Clock sets the time source. Default time.Now.
func Clock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// OnReload is called after each reload caused by a change: with nil when
// the new value is in use, with the error when loading failed and the
// previous value stays. Default none.
func OnReload(f func(err error)) Option { return func(o *options) { o.onReload = f } }

// New loads the value once (an error here is the caller's to report) and
// returns it watched.
func New[T any](load func() (T, error), paths []string, opts ...Option) (*Value[T], error) {
	o := options{interval: DefaultInterval, now: time.Now, onReload: func(error) {}}
	for _, f := range opts {
		f(&o)
	}
	v := &Value[T]{paths: paths, load: load, interval: o.interval, now: o.now, onReload: o.onReload}
	stamp, err := v.stampNow()
	if err != nil {
		return nil, err
	}
	val, err := load()
	if err != nil {
		return nil, err
	}
	v.val, v.stamp, v.checked = val, stamp, v.now()
	return v, nil
}

// Get returns the value, loaded again first when a file changed since the
// last look. A failed reload keeps the previous value (and is reported to
// OnReload once per change).
func (v *Value[T]) Get() T {
	v.mu.Lock()
	defer v.mu.Unlock()
	now := v.now()
	if now.Sub(v.checked) < v.interval {
		return v.val
	}
	v.checked = now
	stamp, err := v.stampNow()
	if err != nil || stamp == v.stamp {
		// A file missing for a moment (mid-rotation) keeps the value.
		return v.val
	}
	v.stamp = stamp
	val, err := v.load()
	if err != nil {
		v.onReload(err)
		return v.val
	}
	v.val = val
	v.onReload(nil)
	return v.val
}

func (v *Value[T]) stampNow() (string, error) {
	var s []byte
	for _, p := range v.paths {
		fi, err := os.Stat(p)
		if err != nil {
			return "", fmt.Errorf("watch %s: %w", p, err)
		}
		s = fmt.Appendf(s, "%d/%d;", fi.Size(), fi.ModTime().UnixNano())
	}
	return string(s), nil
}

// ErrTooOpen reports a secret file that others than its owner and group
// may read.
var ErrTooOpen = errors.New("secret file is readable by others: mount it 0440 or tighter")

// CheckSecret returns ErrTooOpen, wrapped with the path, when path is
// readable or writable by others (mode bits 0o006), following symlinks.
func CheckSecret(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("secret file: %w", err)
	}
	if fi.Mode().Perm()&fs.FileMode(0o006) != 0 {
		return fmt.Errorf("%s (mode %04o): %w", path, fi.Mode().Perm(), ErrTooOpen)
	}
	return nil
}
