package blob

import (
	"bytes"
	"errors"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A new small blob on the file backend is written in an order that a
// crash or a power loss at any point cannot turn into a half blob: at
// each step, a bucket opened afresh on the same folder (a restarted
// process) finds either nothing at the address or the whole blob with its
// media type, and nothing is renamed into place before its bytes and its
// attributes are fsynced.
func TestFileWriteSurvivesACrashAtEveryStep(t *testing.T) {
	for _, tc := range []struct {
		name      string
		folderFor bool
		want      []string
	}{
		{"folder exists", true, []string{"attrs", "data", "rename", "folder"}},
		{"new folder", false, []string{"mkdir", "mkdir", "attrs", "data", "rename", "folder"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			b, _ := openFile(t, dir)
			data := []byte("%PDF-1.7 an invoice written step by step")
			want := sum(data)
			if tc.folderFor {
				if err := os.MkdirAll(filepath.Join(dir, "sha256", want[:2]), 0o750); err != nil {
					t.Fatal(err)
				}
			}
			var steps []string
			fileStep = func(step string) {
				steps = append(steps, step)
				after, _ := openFile(t, dir)
				st, err := after.Stat(ctx(t), want)
				switch {
				case errors.Is(err, ErrNotFound):
					if slices.Contains(steps, "rename") {
						t.Errorf("after %s: not found once renamed into place", step)
					}
				case err != nil:
					t.Errorf("after %s: Stat = %v", step, err)
				case st.Size != int64(len(data)) || st.MediaType != "application/pdf":
					t.Errorf("after %s: Stat = %+v, a half blob", step, st)
				default:
					if got := read(t, after, want); !bytes.Equal(got, data) {
						t.Errorf("after %s: read %q", step, got)
					}
				}
			}
			t.Cleanup(func() { fileStep = nil })
			if _, err := b.Put(ctx(t), bytes.NewReader(data), "application/pdf"); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(steps, tc.want) {
				t.Errorf("steps %v, want %v", steps, tc.want)
			}
			if files := regularFiles(t, dir); len(files) != 2 {
				t.Errorf("files %v, want the blob and its attributes", files)
			}
		})
	}
}

// What a crash leaves behind does not stand in the way: attributes cut
// short without their file, and a temporary file never renamed, read as
// not found, and the next Put stores the blob whole.
func TestFileWriteAfterACrash(t *testing.T) {
	dir := t.TempDir()
	b, _ := openFile(t, dir)
	data := []byte("a letter stored after a crash")
	want := sum(data)
	path := filepath.Join(dir, "sha256", want[:2], want)
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".attrs", []byte(`{"user.content_ty`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".18ed798c3ad8f6dc.tmp", data[:4], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Stat(ctx(t), want); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Stat = %v, want not found", err)
	}
	ref, err := b.Put(ctx(t), bytes.NewReader(data), "text/plain")
	if err != nil {
		t.Fatal(err)
	}
	if st, err := b.Stat(ctx(t), want); err != nil || st != ref || st.MediaType != "text/plain" {
		t.Errorf("Stat = %+v, %v; want %+v", st, err, ref)
	}
	if got := read(t, b, want); !bytes.Equal(got, data) {
		t.Errorf("read %q", got)
	}
}

// The blob and its attributes are written where the driver reads them,
// under a prefix too, and folders get the mode dir_file_mode asks for.
func TestFileWriteWhereTheDriverReads(t *testing.T) {
	for _, prefix := range []string{"", "docket/", "blobs-"} {
		t.Run("prefix "+prefix, func(t *testing.T) {
			dir := t.TempDir()
			q := url.Values{"dir_file_mode": {"0750"}}
			if prefix != "" {
				q.Set("prefix", prefix)
			}
			u := url.URL{Scheme: "file", Path: dir, RawQuery: q.Encode()}
			b, err := Open(ctx(t), u.String())
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			data := []byte("prefixed")
			ref, err := b.Put(ctx(t), bytes.NewReader(data), "text/plain")
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, filepath.FromSlash(prefix+key(ref.SHA256)))
			if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, data) {
				t.Fatalf("%s: %q, %v", path, got, err)
			}
			if fi, err := os.Stat(filepath.Dir(path)); err != nil || fi.Mode().Perm()&^0o750 != 0 {
				t.Errorf("folder %v, %v; want at most 0750", fi.Mode(), err)
			}
			// The driver (a reader through the bucket) finds it with its
			// attributes.
			r, err := b.b.NewReader(ctx(t), key(ref.SHA256), nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(r)
			r.Close()
			if err != nil || !bytes.Equal(got, data) || r.ContentType() != "text/plain" {
				t.Errorf("driver reads %q (%s), %v", got, r.ContentType(), err)
			}
		})
	}
	for _, prefix := range []string{"a//b/", "../up/", "x/..", "/abs/", "a\x01b/"} {
		if b, err := Open(ctx(t), (&url.URL{Scheme: "file", Path: t.TempDir(), RawQuery: url.Values{"prefix": {prefix}}.Encode()}).String()); err == nil {
			_ = b.Close()
			t.Errorf("Open with prefix %q succeeded", prefix)
		}
	}
}

// An adopted blob is one file, no attributes: a crash at any step leaves
// nothing or the whole blob, which reads back after a restart as
// application/octet-stream. Attributes a crash left at the address, cut
// short, are removed first, or they would make the address unreadable.
func TestFileAdoptWritesOneFile(t *testing.T) {
	for _, tc := range []struct {
		name     string
		stale    bool
		unsynced bool
		want     []string
	}{
		{"new address", false, false, []string{"data", "rename", "folder"}},
		{"attributes left by a crash", true, false, []string{"data", "rename", "folder"}},
		// Unsynced, the folder is not fsynced (nor the file): Sync does
		// it for a batch, with one syncfs; synced, Sync has nothing to do.
		{"unsynced", false, true, []string{"data", "rename", "syncfs"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			b, _ := openFile(t, dir)
			doc := []byte("%PDF-1.7 a dropped invoice")
			want := sum(doc)
			k, err := DroppedKey("acme", want)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "sha256", want[:2], want)
			dropped := filepath.Join(dir, filepath.FromSlash(k))
			for _, d := range []string{filepath.Dir(dropped), filepath.Dir(path)} {
				if err := os.MkdirAll(d, 0o750); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(dropped, doc, 0o640); err != nil {
				t.Fatal(err)
			}
			if tc.stale {
				if err := os.WriteFile(path+".attrs", []byte(`{"user.con`), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var steps []string
			fileStep = func(step string) {
				steps = append(steps, step)
				after, _ := openFile(t, dir)
				st, err := after.Stat(ctx(t), want)
				switch {
				case errors.Is(err, ErrNotFound) && !slices.Contains(steps, "rename"):
				case err != nil:
					t.Errorf("after %s: Stat = %v", step, err)
				case st.Size != int64(len(doc)):
					t.Errorf("after %s: Stat = %+v, a half blob", step, st)
				}
			}
			t.Cleanup(func() { fileStep = nil })
			ad, err := b.Adopt(ctx(t), "acme", want, AdoptOptions{Unsynced: tc.unsynced})
			ref := ad.Ref
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Sync(ctx(t)); err != nil {
				t.Errorf("Sync: %v", err)
			}
			if !slices.Equal(steps, tc.want) {
				t.Errorf("steps %v, want %v", steps, tc.want)
			}
			if _, err := os.Stat(path + ".attrs"); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("attributes file: %v, want none", err)
			}
			after, _ := openFile(t, dir)
			if st, err := after.Stat(ctx(t), want); err != nil || st != ref || st.MediaType != defaultMediaType {
				t.Errorf("Stat after reopen = %+v, %v; want %+v", st, err, ref)
			}
			if got := read(t, after, want); !bytes.Equal(got, doc) {
				t.Errorf("read %q", got)
			}
			// An erasure deletes it without attributes to delete.
			if ok, err := after.Delete(ctx(t), want); !ok || err != nil {
				t.Errorf("Delete = %v, %v", ok, err)
			}
			if _, err := after.Stat(ctx(t), want); !errors.Is(err, ErrNotFound) {
				t.Errorf("Stat after Delete = %v, want not found", err)
			}
		})
	}
}

// Sync syncs the file system only when an unsynced Put or Adopt was made
// since the last Sync, also one that found its bytes stored already (a
// batch that aborted may have left them unsynced): a batch of ingest's
// status events adopts nothing and syncs nothing.
func TestSyncOnlyAfterUnsyncedWrites(t *testing.T) {
	dir := t.TempDir()
	b, _ := openFile(t, dir)
	var syncs int
	fileStep = func(step string) {
		if step == "syncfs" {
			syncs++
		}
	}
	t.Cleanup(func() { fileStep = nil })
	sync := func(want int, when string) {
		t.Helper()
		if err := b.Sync(ctx(t)); err != nil {
			t.Fatal(err)
		}
		if syncs != want {
			t.Errorf("%s: %d syncs, want %d", when, syncs, want)
		}
	}
	sync(0, "nothing written")
	if _, err := b.Put(ctx(t), bytes.NewReader([]byte("synced on its own")), "text/plain"); err != nil {
		t.Fatal(err)
	}
	sync(0, "after a synced Put")
	doc := []byte("%PDF-1.7 adopted unsynced")
	want := sum(doc)
	k, err := DroppedKey("acme", want)
	if err != nil {
		t.Fatal(err)
	}
	dropped := filepath.Join(dir, filepath.FromSlash(k))
	if err := os.MkdirAll(filepath.Dir(dropped), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dropped, doc, 0o640); err != nil {
		t.Fatal(err)
	}
	for i, when := range []string{"after an unsynced Adopt", "after an unsynced Adopt of bytes stored already"} {
		if _, err := b.Adopt(ctx(t), "acme", want, AdoptOptions{Unsynced: true}); err != nil {
			t.Fatal(err)
		}
		sync(i+1, when)
		sync(i+1, "again, nothing new")
	}
}
