// Package inbox submits the files dropped into a folder. The folder is
// polled; a file is taken once its size and modification time held still
// for one poll (so partial copies are left alone), submitted once with the
// idempotency key "<sha256 of content>:<file name>", and moved to
// processed/ with a "<name>.workflow.txt" next to it naming its workflow, or
// to rejected/ with a "<name>.reason.txt". A file
// whose submission failed on our side (Kafka or Redis down) stays where it
// is and is tried again on a later poll; its key makes that safe.
//
// Nothing outside the folder is ever read: a file is opened with
// O_NOFOLLOW and its fstat must be the regular file, with one link, that
// the polls saw (device and inode), so a file swapped for a symbolic link
// (or a hard link) to another file — data/ledger/ledger.key in issue 15 —
// is refused, not submitted.
package inbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"go.opentelemetry.io/otel/trace"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// Subfolders of the inbox.
const (
	Processed = "processed"
	Rejected  = "rejected"
)

// Notes written beside a moved file: a processed file's workflow id (the
// id to follow with docket workflows get or GET /v1/documents/{id}; repeat
// says an earlier drop of the same file made it), a rejected one's reason.
const (
	WorkflowSuffix = ".workflow.txt"
	ReasonSuffix   = ".reason.txt"
)

// Inbox watches one folder for one tenant.
type Inbox struct {
	Dir    string
	Tenant submit.Tenant
	Submit *submit.Service
	Poll   time.Duration
	Log    *slog.Logger

	seen map[string]fileState
}

// fileState is what lstat says of a file: it must hold still between two
// polls, and the file opened must be the same one.
type fileState struct {
	size     int64
	mod      time.Time
	dev, ino uint64
}

func stateOf(info os.FileInfo) fileState {
	st := fileState{size: info.Size(), mod: info.ModTime()}
	if sys, ok := info.Sys().(*syscall.Stat_t); ok {
		st.dev, st.ino = uint64(sys.Dev), sys.Ino
	}
	return st
}

// Run polls until ctx ends.
func (in *Inbox) Run(ctx context.Context) error {
	for _, d := range []string{in.Dir, filepath.Join(in.Dir, Processed), filepath.Join(in.Dir, Rejected)} {
		if err := os.MkdirAll(d, 0o750); err != nil {
			return fmt.Errorf("inbox: create %s: %w", d, err)
		}
	}
	// Files are moved into the subfolders: they must be the inbox's own.
	for _, d := range []string{Processed, Rejected} {
		if info, err := os.Lstat(filepath.Join(in.Dir, d)); err != nil || !info.IsDir() {
			return fmt.Errorf("inbox: %s must be a folder inside the inbox, not a symbolic link or a file (%v)", filepath.Join(in.Dir, d), err)
		}
	}
	t := time.NewTicker(in.Poll)
	defer t.Stop()
	for {
		if err := in.Scan(ctx); err != nil {
			in.Log.WarnContext(ctx, "inbox scan failed", "dir", in.Dir, "error", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Scan looks at the folder once and submits the files that are stable
// since the previous Scan.
func (in *Inbox) Scan(ctx context.Context) error {
	if in.seen == nil {
		in.seen = map[string]fileState{}
	}
	entries, err := os.ReadDir(in.Dir)
	if err != nil {
		return fmt.Errorf("read inbox: %w", err)
	}
	present := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".part") || strings.HasSuffix(name, ".tmp") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue // gone meanwhile
		}
		present[name] = true
		now := stateOf(info)
		prev, ok := in.seen[name]
		in.seen[name] = now
		if !ok || prev != now {
			continue // new, still growing or replaced: wait for one quiet poll
		}
		switch mode := info.Mode(); {
		case mode.IsRegular():
			err = in.take(ctx, name, now)
		case mode&fs.ModeSymlink != 0:
			// Moved aside with its reason, never followed: links (and
			// FIFOs, sockets, devices) were ignored without a word, and
			// whoever placed them saw nothing happen.
			err = in.reject(ctx, name, errLink)
		default:
			err = in.reject(ctx, name, submit.Errorf(http.StatusBadRequest, submit.CodeInvalidRequest, "not a regular file (%s): the inbox reads only regular files placed in it", mode.Type()))
		}
		if err != nil {
			return err
		}
		delete(in.seen, name)
	}
	for name := range in.seen {
		if !present[name] {
			delete(in.seen, name)
		}
	}
	return nil
}

// take submits one stable file, the one whose lstat was st, and moves it.
// It returns an error only when the inbox itself is unusable.
func (in *Inbox) take(ctx context.Context, name string, st fileState) error {
	path := filepath.Join(in.Dir, name)
	log := in.Log.With("file", name)
	ctx, span := in.Submit.Trace(ctx, "submit inbox file", trace.SpanKindProducer)
	defer span.End()
	f, err := openFile(path, st)
	if errors.Is(err, errReplaced) {
		log.WarnContext(ctx, "inbox file was replaced after it was checked; looking at it again on the next polls", "error", err)
		return nil
	}
	var acc submit.Accepted
	if err == nil {
		var doc *blob.Staged
		doc, err = in.Submit.Store(ctx, f)
		f.Close()
		if err == nil {
			acc, err = in.Submit.Submit(ctx, in.Tenant, doc, submit.Params{Filename: name, Lane: events.PriorityBulk}, inboxKey(doc.SHA256, name), submit.SourceInbox)
		}
	}
	if err != nil {
		e, ok := submit.AsError(err)
		if !ok || e.Code == submit.CodeUnavailable {
			log.WarnContext(ctx, "inbox submission failed; will retry", "error", err)
			return nil
		}
		return in.reject(ctx, name, e)
	}
	log.InfoContext(ctx, "inbox file submitted", "workflow_id", acc.WorkflowID, "repeat", acc.Repeat)
	dst, err := move(path, filepath.Join(in.Dir, Processed), name)
	if err != nil {
		return err
	}
	note := fmt.Sprintf("workflow_id: %s\ntenant: %s\nrepeat: %t\nsubmitted_at: %s\n", acc.WorkflowID, in.Tenant.ID, acc.Repeat, time.Now().UTC().Format(time.RFC3339))
	note += namedAs(dst, name)
	return writeReason(dst+WorkflowSuffix, note)
}

// reject moves the inbox entry name to rejected/ with its reason beside it.
func (in *Inbox) reject(ctx context.Context, name string, e *submit.Error) error {
	in.Log.InfoContext(ctx, "inbox file rejected", "file", name, "reason", e.Code, "error", e.Message)
	dst, err := move(filepath.Join(in.Dir, name), filepath.Join(in.Dir, Rejected), name)
	if err != nil {
		return err
	}
	reason := fmt.Sprintf("code: %s\nmessage: %s\nrejected_at: %s\n", e.Code, e.Message, time.Now().UTC().Format(time.RFC3339))
	reason += namedAs(dst, name)
	return writeReason(dst+ReasonSuffix, reason)
}

// errLink refuses a symbolic link: the inbox reads only files placed in
// it, never what a link points at (a key elsewhere on the machine).
var errLink = submit.Errorf(http.StatusBadRequest, submit.CodeInvalidRequest, "a symbolic link: the inbox reads only regular files placed in it")

// errReplaced is a file that is no longer the one the polls saw.
var errReplaced = errors.New("inbox file replaced")

// openFile opens the regular file at path whose lstat was st. It never
// follows a symbolic link (O_NOFOLLOW: a link is refused) and opens only
// the file the polls saw: the open file's fstat must have st's device and
// inode, and one link (a hard link would be a file from elsewhere).
// O_NONBLOCK keeps a FIFO swapped in from blocking the open.
func openFile(path string, st fileState) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if errors.Is(err, syscall.ELOOP) {
		return nil, errLink
	}
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w: %w", errReplaced, err)
	}
	if err != nil {
		return nil, submit.Unavailable("open inbox file", err)
	}
	if err := sameFile(f, st); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// sameFile checks that the open f is the regular file, with one link,
// whose lstat was st.
func sameFile(f *os.File, st fileState) error {
	info, err := f.Stat()
	if err != nil {
		return submit.Unavailable("stat inbox file", err)
	}
	sys, ok := info.Sys().(*syscall.Stat_t)
	switch {
	case !info.Mode().IsRegular():
		return submit.Errorf(http.StatusBadRequest, submit.CodeInvalidRequest, "not a regular file (%s): the inbox reads only regular files", info.Mode().Type())
	case !ok || uint64(sys.Dev) != st.dev || sys.Ino != st.ino:
		return fmt.Errorf("%w: the file opened is not the one checked", errReplaced)
	case sys.Nlink != 1:
		return submit.Errorf(http.StatusBadRequest, submit.CodeInvalidRequest, "a file with %d hard links: the inbox reads only files placed in it, not links to files elsewhere", sys.Nlink)
	}
	return nil
}

// namedAs is a note's line naming the file as it was in the inbox, when
// it was moved under another name (taken, or too long).
func namedAs(dst, name string) string {
	if filepath.Base(dst) == name {
		return ""
	}
	return fmt.Sprintf("inbox_name: %q\n", name)
}

// maxNameTries bounds the numbered names move tries.
const maxNameTries = 9999

// maxNameBytes is the longest file name (Linux's NAME_MAX); a moved
// file's name leaves room for the longest note suffix and a numeric one.
const (
	maxNameBytes  = 255
	maxMovedBytes = maxNameBytes - len(WorkflowSuffix) - len(".9999")
)

// noteName is name, or, when too long to take a note file's suffix, its
// first bytes (whole characters), "~", eight hex digits of its SHA-256
// and its extension: the note says the whole name (inbox_name).
func noteName(name string) string {
	if len(name) <= maxMovedBytes {
		return name
	}
	ext := filepath.Ext(name)
	if len(ext) > 16 {
		ext = ""
	}
	sum := sha256.Sum256([]byte(name))
	tail := "~" + hex.EncodeToString(sum[:4]) + ext
	stem := name[:maxMovedBytes-len(tail)]
	for !utf8.ValidString(stem) {
		stem = stem[:len(stem)-1]
	}
	return stem + tail
}

// inboxKey is a file's idempotency key: its content's SHA-256 and its
// name, or the name's SHA-256 when the two are longer than a key may be
// (a name of more than 190 bytes was refused as an invalid key).
func inboxKey(sha, name string) string {
	if key := sha + ":" + name; len(key) <= submit.MaxKeyBytes {
		return key
	}
	sum := sha256.Sum256([]byte(name))
	return sha + ":" + hex.EncodeToString(sum[:])
}

// writeReason creates a note file (the reason of a rejected file, the
// workflow of a processed one) next to the file; it never
// follows or overwrites anything already there (a link planted under that
// name would otherwise be written through).
func writeReason(path, reason string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o640)
	if err != nil {
		return fmt.Errorf("inbox: write reason: %w", err)
	}
	_, err = f.WriteString(reason)
	return errors.Join(err, f.Close())
}

// move renames path into dir, adding a numeric suffix when the name (or
// its note files') is taken, and returns the new path. A name too long
// to take a note file's suffix is shortened (noteName).
func move(path, dir, name string) (string, error) {
	name = noteName(name)
	dst := filepath.Join(dir, name)
	for i := 1; ; i++ {
		_, err := os.Lstat(dst)
		_, errReason := os.Lstat(dst + ReasonSuffix)
		_, errWorkflow := os.Lstat(dst + WorkflowSuffix)
		if errors.Is(err, os.ErrNotExist) && errors.Is(errReason, os.ErrNotExist) && errors.Is(errWorkflow, os.ErrNotExist) {
			break
		}
		// Any other answer (a name the file system refuses) stops here:
		// asking again with a longer name would never end (found from
		// outside: a 244-byte name held the inbox, and the shutdown that
		// waited for it, for good).
		for _, e := range []error{err, errReason, errWorkflow} {
			if e != nil && !errors.Is(e, os.ErrNotExist) {
				return "", fmt.Errorf("inbox: move %s: %w", name, e)
			}
		}
		if i > maxNameTries {
			return "", fmt.Errorf("inbox: move %s: %d names taken", name, maxNameTries)
		}
		ext := filepath.Ext(name)
		dst = filepath.Join(dir, fmt.Sprintf("%s.%d%s", strings.TrimSuffix(name, ext), i, ext))
	}
	if err := os.Rename(path, dst); err != nil {
		return "", fmt.Errorf("inbox: move %s: %w", name, err)
	}
	return dst, nil
}
