package ingest_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/docket-run/docket/services/ingest/internal/inbox"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// secretKey stands for data/ledger/ledger.key: a file outside the inbox.
var secretKey = []byte("-----BEGIN PRIVATE KEY-----\nledger signing key: never a document\n-----END PRIVATE KEY-----\n")

func newInboxDir(t *testing.T) (dir, key string) {
	t.Helper()
	dir = t.TempDir()
	for _, d := range []string{inbox.Processed, inbox.Rejected, ".hold"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o750); err != nil {
			t.Fatal(err)
		}
	}
	key = filepath.Join(t.TempDir(), "ledger.key")
	if err := os.WriteFile(key, secretKey, 0o600); err != nil {
		t.Fatal(err)
	}
	return dir, key
}

// assertNotStored fails when a blob holds the secret.
func assertNotStored(t *testing.T, h *harness) {
	t.Helper()
	err := filepath.WalkDir(h.blobDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if b, err := os.ReadFile(path); err == nil && bytes.Contains(b, []byte("ledger signing key")) {
			return fmt.Errorf("blob %s holds the key from outside the inbox", path)
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
}

// TestInboxNeverFollowsASwappedInLink is issue 15 point 10: swapping an
// inbox file for a symbolic link after the inbox checked it got
// data/ledger/ledger.key ingested and put in front of a reviewer. Here a
// goroutine swaps a letter and a link to a key outside the inbox back and
// forth (atomically, renameat2 RENAME_EXCHANGE) while the inbox scans,
// round after round, until the inbox has caught the link at least once
// between its check and its open; the key must never be stored.
func TestInboxNeverFollowsASwappedInLink(t *testing.T) {
	dir, key := newInboxDir(t)
	h := newHarness(t, nil)
	ib := &inbox.Inbox{Dir: dir, Tenant: submit.Tenant{ID: "acme"}, Submit: h.app.Submit, Log: discardLog()}
	ctx := context.Background()
	caught := 0
	for round := 0; round < 500 && caught == 0; round++ {
		name := fmt.Sprintf("letter-%d.txt", round)
		path, link := filepath.Join(dir, name), filepath.Join(dir, ".hold", name)
		if err := os.WriteFile(path, []byte("Dear Sir, letter "+name+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(key, link); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		stop := make(chan struct{})
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if unix.Renameat2(unix.AT_FDCWD, path, unix.AT_FDCWD, link, unix.RENAME_EXCHANGE) != nil {
					return // the inbox moved the entry away
				}
			}
		})
		for i := 0; i < 200; i++ {
			if err := ib.Scan(ctx); err != nil {
				t.Fatalf("scan: %v", err)
			}
			if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
				break
			}
		}
		close(stop)
		wg.Wait()
		if reason, err := os.ReadFile(filepath.Join(dir, inbox.Rejected, name+".reason.txt")); err == nil {
			if !strings.Contains(string(reason), "symbolic link") {
				t.Fatalf("rejected with %q, want the symbolic link named", reason)
			}
			caught++
		}
		assertNotStored(t, h)
	}
	if caught == 0 {
		t.Fatal("the link never landed between the inbox's check and its open in 500 rounds")
	}
}

// A hard link to a file elsewhere is a regular file to lstat: it is
// refused too, and a link planted under a rejected file's reason name is
// not written through.
func TestInboxRefusesHardLinksAndPlantedReasonLinks(t *testing.T) {
	dir, key := newInboxDir(t)
	h := newHarness(t, nil)
	ib := &inbox.Inbox{Dir: dir, Tenant: submit.Tenant{ID: "acme"}, Submit: h.app.Submit, Log: discardLog()}
	if err := os.Link(key, filepath.Join(dir, "key.txt")); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("untouched"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(dir, inbox.Rejected, "archive.zip.reason.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "archive.zip"), []byte("PK\x03\x04 not a document"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for range 2 {
		if err := ib.Scan(ctx); err != nil {
			t.Fatalf("scan: %v", err)
		}
	}
	reason, err := os.ReadFile(filepath.Join(dir, inbox.Rejected, "key.txt.reason.txt"))
	if err != nil || !strings.Contains(string(reason), "hard links") {
		t.Errorf("hard link: reason %q, %v; want it rejected for its links", reason, err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "untouched" {
		t.Errorf("a planted reason link was written through: victim holds %q", b)
	}
	if _, err := os.Stat(filepath.Join(dir, inbox.Rejected, "archive.1.zip.reason.txt")); err != nil {
		t.Errorf("rejected file's reason not written beside a free name: %v", err)
	}
	assertNotStored(t, h)
}

// TestInboxRejectsALinkWithItsReason: a symbolic link placed in the inbox
// is moved to rejected/ (the link itself, its target untouched and never
// read) with a reason beside it, once it has stood still for a poll, like
// any file; so is a FIFO. It was skipped without a word: whoever placed it saw nothing
// happen (found from outside).
func TestInboxRejectsALinkWithItsReason(t *testing.T) {
	dir, key := newInboxDir(t)
	h := newHarness(t, nil)
	ib := &inbox.Inbox{Dir: dir, Tenant: submit.Tenant{ID: "acme"}, Submit: h.app.Submit, Log: discardLog()}
	if err := os.Symlink(key, filepath.Join(dir, "scan.pdf")); err != nil {
		t.Fatal(err)
	}
	if err := unix.Mkfifo(filepath.Join(dir, "pipe.pdf"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := ib.Scan(ctx); err != nil {
		t.Fatalf("scan: %v", err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "scan.pdf")); err != nil {
		t.Fatalf("the link was moved at its first sight, before standing still for a poll: %v", err)
	}
	if err := ib.Scan(ctx); err != nil {
		t.Fatalf("scan: %v", err)
	}
	reason, err := os.ReadFile(filepath.Join(dir, inbox.Rejected, "scan.pdf.reason.txt"))
	if err != nil || !strings.Contains(string(reason), "symbolic link") {
		t.Errorf("reason %q, %v; want the link rejected as one", reason, err)
	}
	if info, err := os.Lstat(filepath.Join(dir, inbox.Rejected, "scan.pdf")); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("rejected/scan.pdf: %v, %v; want the link itself moved there", info, err)
	}
	if b, err := os.ReadFile(key); err != nil || !bytes.Equal(b, secretKey) {
		t.Errorf("the link's target changed: %q, %v", b, err)
	}
	if reason, err := os.ReadFile(filepath.Join(dir, inbox.Rejected, "pipe.pdf.reason.txt")); err != nil || !strings.Contains(string(reason), "not a regular file") {
		t.Errorf("FIFO: reason %q, %v; want it rejected as no regular file", reason, err)
	}
	assertNotStored(t, h)
}

// TestInboxTakesLongNames: a file whose name is as long as Linux allows
// is submitted and moved under a name that leaves room for its note, the
// note naming it whole; one refused is moved so too; the files after them
// go on (found from outside: a 244-byte name was refused as an invalid
// Idempotency-Key, then its move asked for ever longer names that the file
// system refused, and the inbox, and the shutdown waiting for it, stopped
// for good).
func TestInboxTakesLongNames(t *testing.T) {
	dir, _ := newInboxDir(t)
	h := newHarness(t, nil)
	ib := &inbox.Inbox{Dir: dir, Tenant: submit.Tenant{ID: "acme"}, Submit: h.app.Submit, Log: discardLog()}
	long := strings.Repeat("L", 251) + ".pdf"  // 255 bytes
	empty := strings.Repeat("é", 120) + ".pdf" // 244 bytes, nothing in it
	for name, body := range map[string][]byte{long: pdfDoc, empty: nil, "after.pdf": append(slices.Clone(pdfDoc), '\n')} {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	for range 2 {
		done := make(chan error, 1)
		go func() { done <- ib.Scan(ctx) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("scan: %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("a scan did not end")
		}
	}
	left, _ := os.ReadDir(dir)
	for _, e := range left {
		if !e.IsDir() {
			t.Errorf("%s left in the inbox", e.Name())
		}
	}
	notes := map[string]string{}
	for _, sub := range []string{inbox.Processed, inbox.Rejected} {
		entries, err := os.ReadDir(filepath.Join(dir, sub))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if len(e.Name()) > 255 {
				t.Errorf("%s/%s: a name longer than a file system takes", sub, e.Name())
			}
			if strings.HasSuffix(e.Name(), inbox.WorkflowSuffix) || strings.HasSuffix(e.Name(), inbox.ReasonSuffix) {
				b, _ := os.ReadFile(filepath.Join(dir, sub, e.Name()))
				notes[sub+"/"+e.Name()] = string(b)
			}
		}
	}
	var processedLong, rejectedEmpty, after bool
	for path, note := range notes {
		switch {
		case strings.HasPrefix(path, inbox.Processed) && strings.Contains(note, fmt.Sprintf("inbox_name: %q", long)):
			processedLong = strings.Contains(note, "workflow_id: ")
		case strings.HasPrefix(path, inbox.Rejected) && strings.Contains(note, fmt.Sprintf("inbox_name: %q", empty)):
			rejectedEmpty = true
		case path == inbox.Processed+"/after.pdf"+inbox.WorkflowSuffix:
			after = true
		}
	}
	if !processedLong || !rejectedEmpty || !after {
		t.Errorf("notes %v: want the long name submitted, the empty one rejected, both named whole in their notes, and the next file submitted", notes)
	}
}
