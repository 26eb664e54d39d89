package blob

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/docket-run/docket/pkg/fault"
)

// On the file backend a new small blob is written here rather than through
// the driver's writer, which renames a file into place before anything is
// fsynced and then has to find the file again to fsync it. The layout is
// the driver's, so that the driver reads what is written here: the blob at
// <root>/<prefix><key> and its attributes beside it in <file>.attrs, JSON
// with the driver's field names.

// fileRoot returns the directory the file driver keeps the keys of u in,
// prefix included, and the mode it creates folders with. It fails for a
// prefix the driver would escape (a key then lives at another path than
// its name says), which no deployment uses.
func fileRoot(u *url.URL) (string, os.FileMode, error) {
	p := u.Path
	if u.Host == "." {
		p = strings.TrimPrefix(p, "/")
	}
	dir, err := filepath.Abs(filepath.FromSlash(p))
	if err != nil {
		return "", 0, err
	}
	q := u.Query()
	prefix := q.Get("prefix")
	if strings.Contains(prefix, "//") || strings.Contains(prefix, "../") || strings.HasSuffix(prefix, "..") ||
		strings.HasPrefix(prefix, "/") || strings.ContainsFunc(prefix, func(r rune) bool { return r < 32 }) {
		return "", 0, fmt.Errorf("prefix %q is not a plain folder path", prefix)
	}
	mode := os.FileMode(0o777)
	if s := q.Get("dir_file_mode"); s != "" {
		m, err := strconv.ParseUint(s, 0, 32)
		if err != nil {
			return "", 0, fmt.Errorf("dir_file_mode %q: %w", s, err)
		}
		mode = os.FileMode(m)
	}
	return dir + string(filepath.Separator) + filepath.FromSlash(prefix), mode, nil
}

// filePath returns the file behind key k on the file backend: the root
// and the key joined as the driver joins the prefix and the key. Every key
// this package makes is a plain relative path, which the driver does not
// escape.
func (b *Bucket) filePath(k string) string { return b.root + filepath.FromSlash(k) }

// fileAttrs is the part of the driver's attributes file this package sets.
type fileAttrs struct {
	ContentType string `json:"user.content_type"`
}

// fileStep, when set (by tests), is called after each step of writeFile
// with its name: the state on disk is then what a crash at that point
// leaves.
var fileStep func(step string)

func step(name string) {
	if fileStep != nil {
		fileStep(name)
	}
}

// writeFile stores data at key k on the file backend, with an attributes
// file recording mediaType unless that is empty, and makes it durable. The
// order keeps every address whole across a crash or a power loss at any
// point: the attributes are written at their name (without their file the
// address reads as not found, and the next write of it overwrites them, or
// removes them when it records none) and the bytes to a temporary file
// beside the address, and both are fsynced before that file is renamed
// into place, so the name never stands for fewer bytes or attributes; the
// folder is fsynced last, and each folder created for the address has its
// parent fsynced. A crash before the rename can leave a "<key>.<n>.tmp"
// file, as the driver's writer does. The attributes' fsync is taken to
// make their new name durable too, as Linux's ext4, XFS and btrfs do.
//
// Without sync the same steps run without the fsyncs of the file, its
// attributes and its folder (a folder it creates is still synced): the
// caller syncs the file system (Sync) before it relies on the address.
// Until then a power loss can leave the address short or empty, which
// the next write of it replaces (a wrong size is a damaged blob).
func (b *Bucket) writeFile(k string, data []byte, mediaType string, sync bool) error {
	path := b.filePath(k)
	var attrs *os.File
	if mediaType != "" {
		js, err := json.Marshal(fileAttrs{ContentType: mediaType})
		if err != nil {
			return err
		}
		if attrs, err = b.create(path+".attrs", os.O_TRUNC, js); err != nil {
			return err
		}
	} else if err := os.Remove(path + ".attrs"); err == nil {
		// Attributes a crash left (cut short, perhaps) would be read
		// with the file: gone for good before the file is there.
		if err := syncPath(filepath.Dir(path)); err != nil {
			return err
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	tmp, err := b.createTemp(path, data)
	if err != nil {
		if attrs != nil {
			_ = attrs.Close()
		}
		return err
	}
	// Both are fsynced once both are written, before the rename.
	if attrs != nil {
		if err := closeFile(attrs, sync); err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
			return err
		}
		step("attrs")
	}
	if err := closeFile(tmp, sync); err != nil {
		return err
	}
	step("data")
	if err := os.Rename(tmp.Name(), path); err != nil {
		_ = os.Remove(tmp.Name())
		return err
	}
	step("rename")
	if !sync {
		return nil
	}
	if err := syncPath(filepath.Dir(path)); err != nil {
		return err
	}
	step("folder")
	return nil
}

// closeFile closes f, fsyncing it first when sync is set; on failure it
// removes it.
func closeFile(f *os.File, sync bool) error {
	if sync {
		return syncClose(f)
	}
	err := f.Close()
	if err != nil {
		_ = os.Remove(f.Name())
	}
	return err
}

// Sync makes everything written to the bucket durable: on the file
// backend one syncfs(2) of its file system, which writes back every
// file and folder an unsynced Adopt left (and whatever else on that file
// system is dirty: on a disk shared with busy writers it costs more),
// and nothing when no unsynced Put or Adopt was made since the last Sync;
// elsewhere the store was durable on return, and Sync does nothing.
func (b *Bucket) Sync(ctx context.Context) error {
	if !b.durable || !b.unsynced.Swap(false) {
		return nil
	}
	f, err := os.Open(b.root)
	if err != nil {
		f, err = os.Open(filepath.Dir(b.root))
	}
	if err != nil {
		b.unsynced.Store(true)
		return fault.Transientf("blob: sync: %w", err)
	}
	defer f.Close()
	if err := unix.Syncfs(int(f.Fd())); err != nil {
		b.unsynced.Store(true)
		return fault.Transientf("blob: sync %s: %w", f.Name(), err)
	}
	step("syncfs")
	return nil
}

// createTemp writes data to a new temporary file beside path and returns
// it open, not yet fsynced.
func (b *Bucket) createTemp(path string, data []byte) (*os.File, error) {
	for try := 0; ; try++ {
		tmp := path + "." + strconv.FormatInt(time.Now().UnixNano(), 16) + ".tmp"
		f, err := b.create(tmp, os.O_EXCL, data)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		return f, err
	}
}

// create creates (or, with os.O_TRUNC, replaces) the file at path, and
// the folders above it if missing, writes data to it and returns it open.
// A failed write removes the file.
func (b *Bucket) create(path string, flag int, data []byte) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|flag, 0o666)
	if errors.Is(err, fs.ErrNotExist) {
		if err := mkdirSynced(filepath.Dir(path), b.dirMode); err != nil {
			return nil, err
		}
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|flag, 0o666)
	}
	if err != nil {
		return nil, err
	}
	if _, err := f.Write(data); err != nil {
		_ = f.Close()
		_ = os.Remove(path)
		return nil, err
	}
	return f, nil
}

// syncClose fsyncs and closes f; on failure it removes it.
func syncClose(f *os.File) error {
	err := f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(f.Name())
	}
	return err
}

// mkdirSynced creates dir and its missing parents with mode (before the
// umask), fsyncing the parent of each, so that a new folder's entry
// survives a power loss as the blob inside it does.
func mkdirSynced(dir string, mode os.FileMode) error {
	err := os.Mkdir(dir, mode)
	if errors.Is(err, fs.ErrNotExist) {
		if err := mkdirSynced(filepath.Dir(dir), mode); err != nil {
			return err
		}
		err = os.Mkdir(dir, mode)
	}
	if err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	// Also when another writer created it just now: its parent may not be
	// fsynced yet.
	if err := syncPath(filepath.Dir(dir)); err != nil {
		return err
	}
	step("mkdir")
	return nil
}
