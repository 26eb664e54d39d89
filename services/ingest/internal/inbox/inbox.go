// Package inbox submits the files dropped into a folder. The folder is
// polled; a file is taken once its size and modification time held still
// for one poll (so partial copies are left alone), submitted once with the
// idempotency key "<sha256 of content>:<file name>", and moved to
// processed/ or to rejected/ with a "<name>.reason.txt" next to it. A file
// whose submission failed on our side (Kafka or Redis down) stays where it
// is and is tried again on a later poll; its key makes that safe.
package inbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// Subfolders of the inbox.
const (
	Processed = "processed"
	Rejected  = "rejected"
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

type fileState struct {
	size int64
	mod  time.Time
}

// Run polls until ctx ends.
func (in *Inbox) Run(ctx context.Context) error {
	for _, d := range []string{in.Dir, filepath.Join(in.Dir, Processed), filepath.Join(in.Dir, Rejected)} {
		if err := os.MkdirAll(d, 0o750); err != nil {
			return fmt.Errorf("inbox: create %s: %w", d, err)
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
		if !e.Type().IsRegular() || strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".part") || strings.HasSuffix(name, ".tmp") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue // gone meanwhile
		}
		present[name] = true
		now := fileState{size: info.Size(), mod: info.ModTime()}
		prev, ok := in.seen[name]
		in.seen[name] = now
		if !ok || prev != now {
			continue // new or still growing: wait for one quiet poll
		}
		if err := in.take(ctx, name); err != nil {
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

// take submits one stable file and moves it. It returns an error only
// when the inbox itself is unusable.
func (in *Inbox) take(ctx context.Context, name string) error {
	path := filepath.Join(in.Dir, name)
	doc, err := readFile(path, in.Submit.MaxBytes())
	var acc submit.Accepted
	if err == nil {
		sum := sha256.Sum256(doc)
		key := hex.EncodeToString(sum[:]) + ":" + name
		acc, err = in.Submit.Submit(ctx, in.Tenant, doc, submit.Params{Filename: name, Lane: events.PriorityBulk}, key, submit.SourceInbox)
	}
	log := in.Log.With("file", name)
	if err != nil {
		e, ok := submit.AsError(err)
		if !ok || e.Code == submit.CodeUnavailable {
			log.WarnContext(ctx, "inbox submission failed; will retry", "error", err)
			return nil
		}
		log.InfoContext(ctx, "inbox file rejected", "reason", e.Code, "error", e.Message)
		dst, err := move(path, filepath.Join(in.Dir, Rejected), name)
		if err != nil {
			return err
		}
		reason := fmt.Sprintf("code: %s\nmessage: %s\nrejected_at: %s\n", e.Code, e.Message, time.Now().UTC().Format(time.RFC3339))
		return os.WriteFile(dst+".reason.txt", []byte(reason), 0o640)
	}
	log.InfoContext(ctx, "inbox file submitted", "workflow_id", acc.WorkflowID, "repeat", acc.Repeat)
	_, err = move(path, filepath.Join(in.Dir, Processed), name)
	return err
}

// readFile reads up to max bytes; more is a too_large refusal.
func readFile(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, submit.Unavailable("open inbox file", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, submit.Unavailable("read inbox file", err)
	}
	if int64(len(b)) > max {
		return nil, submit.Errorf(413, submit.CodeTooLarge, "file larger than %d bytes", max)
	}
	return b, nil
}

// move renames path into dir, adding a numeric suffix when the name is
// taken, and returns the new path.
func move(path, dir, name string) (string, error) {
	dst := filepath.Join(dir, name)
	for i := 1; ; i++ {
		if _, err := os.Lstat(dst); errors.Is(err, os.ErrNotExist) {
			break
		}
		ext := filepath.Ext(name)
		dst = filepath.Join(dir, fmt.Sprintf("%s.%d%s", strings.TrimSuffix(name, ext), i, ext))
	}
	if err := os.Rename(path, dst); err != nil {
		return "", fmt.Errorf("inbox: move %s: %w", name, err)
	}
	return dst, nil
}
