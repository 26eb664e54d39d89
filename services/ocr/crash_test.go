package ocr_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"

	"github.com/docket-run/docket/services/ocr/internal/checkpoint"
)

// TestSIGKILLMidScanResumesFromTheLastPage runs OCR as a process on a real
// 20-page scanned PDF with Tesseract slowed down (a wrapper that counts its
// page calls, sleeps, then runs the real engine), kills it with SIGKILL in
// the middle of the document and restarts it: the restarted process takes
// the job back at once, resumes after the last page checkpoint (pages
// finished before the kill are not recognized again), and the extracted
// event exists exactly once.
func TestSIGKILLMidScanResumesFromTheLastPage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs OCR as a process on a 20-page scan; skipped with -short")
	}
	for _, bin := range []string{"tesseract", "pdfunite", "pdfseparate", "pdftoppm"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Fatalf("%s is required (apt-get install tesseract-ocr poppler-utils): %v", bin, err)
		}
	}
	const pages = 20
	ctx := context.Background()
	dir := t.TempDir()
	scan := filepath.Join(dir, "scan20.pdf")
	page := filepath.Join(dir, "page1.pdf")
	if out, err := exec.Command("pdfseparate", "-f", "1", "-l", "1", filepath.Join("testdata", "scanned.pdf"), page).CombinedOutput(); err != nil {
		t.Fatalf("pdfseparate: %v: %s", err, out)
	}
	args := make([]string, 0, pages+1)
	for range pages {
		args = append(args, page)
	}
	if out, err := exec.Command("pdfunite", append(args, scan)...).CombinedOutput(); err != nil {
		t.Fatalf("pdfunite: %v: %s", err, out)
	}
	calls := filepath.Join(dir, "calls")
	wrapper := filepath.Join(dir, "slow-tesseract")
	script := "#!/bin/sh\ncase \"$1\" in --*) exec tesseract \"$@\";; esac\necho \"$1\" >> " + calls + "\nsleep 0.4\nexec tesseract \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}

	st := newOCRStack(t, ctx, scan)
	k, codec, rdb := st.kafka, st.codec, st.rdb

	bin := dockettest.Build(t, "./cmd/ocr")
	logPath := filepath.Join(dir, "ocr.log")
	proc := dockettest.StartProcess(t, bin, logPath,
		"DOCKET_KAFKA_BROKERS="+k.Addrs[0], "DOCKET_SCHEMA_REGISTRY_URL="+st.registry, "DOCKET_SCHEMA_MODE=verify",
		"DOCKET_REDIS_URL=redis://"+st.redis+"/0", "DOCKET_BLOB_URL="+st.blobURL, "DOCKET_INSTANCE_ID=ocr-0",
		"DOCKET_LOG_LEVEL=info", "DOCKET_OCR_TESSERACT_BIN="+wrapper, "DOCKET_OCR_WORK_DIR="+filepath.Join(dir, "work"),
		"DOCKET_TRANSACTION_TIMEOUT=2s")
	t.Cleanup(func() {
		if t.Failed() {
			b, _ := os.ReadFile(logPath)
			t.Logf("ocr log:\n%s", b[max(0, len(b)-6000):])
		}
	})
	if err := os.MkdirAll(filepath.Join(dir, "work"), 0o750); err != nil {
		t.Fatal(err)
	}

	in := st.submit(t)

	progress := checkpoint.ProgressKey(in.Meta.WorkflowID)
	deadline := time.Now().Add(3 * time.Minute)
	done := 0
	for done < 6 && time.Now().Before(deadline) {
		done, _ = rdb.HGet(ctx, progress, "done").Int()
		time.Sleep(50 * time.Millisecond)
	}
	proc.Kill()
	atKill, _ := rdb.HGet(ctx, progress, "done").Int()
	if atKill < 6 || atKill >= pages {
		t.Fatalf("killed after page %d; want the middle of the %d-page scan", atKill, pages)
	}
	before := countLines(t, calls)
	proc.Start()

	recs := k.ReadCommitted(t, events.TopicExtracted, 1, 3*time.Minute)
	if len(recs) != 1 {
		t.Fatalf("%d extracted events, want 1", len(recs))
	}
	time.Sleep(2 * time.Second)
	recs = k.ReadCommitted(t, events.TopicExtracted, 2, 3*time.Second)
	if len(recs) != 1 {
		t.Fatalf("%d extracted events after settling, want exactly 1", len(recs))
	}
	e, err := codec.Decode(recs[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	if x := e.(*events.DocumentExtracted); len(x.Pages) != pages || x.Meta.CausationID != in.Meta.EventID {
		t.Fatalf("extracted %d pages for %s, want %d for %s", len(x.Pages), x.Meta.CausationID, pages, in.Meta.EventID)
	}
	total := countLines(t, calls)
	// Every page is recognized once, but the one in flight at the kill.
	if total < pages || total > pages+1 {
		t.Errorf("%d engine calls for %d pages with one kill after %d finished; want %d or %d", total, pages, atKill, pages, pages+1)
	}
	if after := total - before; after > pages-atKill+1 {
		t.Errorf("after the restart the engine ran %d times; %d pages were left", after, pages-atKill)
	}
	ctl := k.ReadCommitted(t, events.TopicSteps, 3, 5*time.Second)
	kinds := map[string]int{}
	for _, r := range ctl {
		e, err := codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		kinds[e.(*events.WorkflowControl).Kind]++
	}
	if kinds["step_started"] < 1 || kinds["step_progress"] < 2 {
		t.Errorf("control events %v: want step_started and step_progress", kinds)
	}
	t.Logf("killed after page %d of %d; engine calls %d before the kill, %d in all; control events %v", atKill, pages, before, total, kinds)
}

func countLines(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		if os.IsNotExist(err) {
			return 0
		}
		t.Fatal(err)
	}
	return len(strings.Split(strings.TrimSpace(string(b)), "\n"))
}
