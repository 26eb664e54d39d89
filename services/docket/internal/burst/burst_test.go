// Package burst tries `docket run` the way a new user does: sixty mixed
// documents posted at once, on its default settings.
package burst

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"image"
	"image/draw"
	"image/png"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/docket-run/docket/pkg/dockettest"
)

// doc is one document of the burst.
type doc struct {
	name string
	body []byte
	bad  bool // malformed: refused at the edge, or parked with its reason
}

// status is what ingest's GET /v1/documents/{id} says of a workflow.
type status struct {
	Status   string `json:"status"`
	Stage    string `json:"stage"`
	Terminal bool   `json:"terminal"`
	Error    *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Progress *struct {
		Step  string `json:"step"`
		Done  int    `json:"done"`
		Total int    `json:"total"`
	} `json:"progress"`
}

// TestBurstOfMixedDocuments starts `docket run` as a process on its default
// settings, posts 60 documents at once — text, text-layer PDFs, scanned
// images, multi-page scans and malformed files — and checks that every
// accepted one reaches a final or review state (with its reason when it
// failed), that a multi-page scan reports page progress while it runs,
// that every refused one got a 4xx with a reason, and that no service
// stopped or restarted.
func TestBurstOfMixedDocuments(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole suite on 60 documents; skipped with -short")
	}
	for _, bin := range []string{"tesseract", "pdftoppm", "pdfunite", "pdfseparate", "redis-server"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Fatalf("%s is required (apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils redis-server): %v", bin, err)
		}
	}
	dir := t.TempDir()
	docs := makeDocs(t, dir)
	bin := dockettest.Build(t, "../../cmd/docket")
	ingest := dockettest.FreeAddr(t)
	logPath := filepath.Join(dir, "docket.log")
	proc := dockettest.StartCommand(t, bin,
		// Metrics on free ports: the default ones are make run's.
		[]string{"run", "--data", filepath.Join(dir, "data"), "--kafka", dockettest.FreeAddr(t), "--registry", dockettest.FreeAddr(t), "--metrics", "127.0.0.1:0", "--samples=false"},
		logPath,
		"DOCKET_INGEST_ADDR="+ingest, "DOCKET_SAGATRACKER_ADDR="+dockettest.FreeAddr(t),
		"DOCKET_EXCEPTION_ADDR="+dockettest.FreeAddr(t), "DOCKET_LEDGER_ADDR="+dockettest.FreeAddr(t), "DOCKET_CONSOLE_ADDR="+dockettest.FreeAddr(t))
	t.Cleanup(func() {
		if t.Failed() {
			b, _ := os.ReadFile(logPath)
			t.Logf("docket run output (tail):\n%s", b[max(0, len(b)-8000):])
		}
	})
	base := "http://" + ingest
	waitUp(t, base+"/v1/documents/none")

	// All at once.
	type answer struct {
		code int
		id   string
		body string
	}
	answers := make([]answer, len(docs))
	var wg sync.WaitGroup
	for i, d := range docs {
		wg.Go(func() {
			code, body := post(t, base, d)
			var r struct {
				WorkflowID string `json:"workflow_id"`
			}
			_ = json.Unmarshal([]byte(body), &r)
			answers[i] = answer{code: code, id: r.WorkflowID, body: body}
		})
	}
	wg.Wait()

	ids := map[string]doc{}
	for i, a := range answers {
		d := docs[i]
		switch {
		case a.code == http.StatusAccepted && a.id != "":
			ids[a.id] = d
		case a.code >= 400 && a.code < 500 && d.bad && strings.Contains(a.body, `"message"`):
			// refused at the edge, with a reason
		default:
			t.Errorf("%s: HTTP %d %s", d.name, a.code, a.body)
		}
	}
	if len(ids) < 50 {
		t.Fatalf("only %d of %d documents accepted", len(ids), len(docs))
	}

	// Until every accepted document is final or waits on a reviewer,
	// watching for a multi-page scan's progress on the way.
	final := map[string]status{}
	sawProgress := false
	deadline := time.Now().Add(8 * time.Minute)
	for len(final) < len(ids) && time.Now().Before(deadline) {
		for id, d := range ids {
			if _, ok := final[id]; ok {
				continue
			}
			st := get(t, base, id)
			if st.Progress != nil && st.Status == "running" && strings.HasPrefix(d.name, "multi-") && st.Progress.Total > 1 {
				sawProgress = true
			}
			if st.Terminal || st.Status == "waiting_review" || st.Status == "parked" {
				final[id] = st
			}
		}
		time.Sleep(250 * time.Millisecond)
	}
	counts := map[string]int{}
	for id, d := range ids {
		st, ok := final[id]
		if !ok {
			st = get(t, base, id)
			t.Errorf("%s: still %s at %s after 8 minutes", d.name, st.Status, st.Stage)
			continue
		}
		counts[st.Status]++
		switch st.Status {
		case "completed", "waiting_review":
		case "parked", "failed":
			if st.Error == nil || st.Error.Message == "" {
				t.Errorf("%s: %s without a reason", d.name, st.Status)
			}
		default:
			t.Errorf("%s: ended %s", d.name, st.Status)
		}
		if !d.bad && st.Status != "completed" && st.Status != "waiting_review" {
			t.Errorf("%s (well-formed): %s: %+v", d.name, st.Status, st.Error)
		}
	}
	if !sawProgress {
		t.Error("no multi-page scan was seen running with page progress")
	}
	b, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{" stopped: ", "restarting in", "panic", "PRODUCER_FENCED", "session failed"} {
		if strings.Contains(string(b), bad) {
			t.Errorf("docket run output says %q", bad)
		}
	}
	if !proc.Stop(30 * time.Second) {
		t.Error("docket run did not stop on SIGTERM within 30s")
	}
	t.Logf("%d documents, %d accepted: %v; progress seen: %v", len(docs), len(ids), counts, sawProgress)
}

// makeDocs writes nothing the repository ships as is: every document's
// content is made here, so no two share a hash (OCR caches by content).
func makeDocs(t *testing.T, dir string) []doc {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 13))
	kinds := []string{"INVOICE", "RECEIPT", "LETTER", "CONTRACT", "CLAIM FORM"}
	var docs []doc
	for i := range 20 {
		k := kinds[i%len(kinds)]
		text := fmt.Sprintf("%s No. %05d\nNorthwind Traders Ltd, 12 Harbour Road\nDate: 2026-%02d-%02d\nDescription: services rendered, item %d\nAmount due: %d.%02d EUR\nThank you.\n",
			k, rng.IntN(99999), 1+i%12, 1+i%28, i, rng.IntN(9000)+100, rng.IntN(100))
		docs = append(docs, doc{name: fmt.Sprintf("text-%02d.txt", i), body: []byte(text)})
	}
	for i := range 12 {
		lines := []string{
			fmt.Sprintf("%s %d", kinds[i%len(kinds)], 4000+i),
			"Contoso Insurance, claims department",
			fmt.Sprintf("Policy number POL-%06d", rng.IntN(999999)),
			fmt.Sprintf("Total %d.%02d USD", rng.IntN(5000)+10, rng.IntN(100)),
		}
		docs = append(docs, doc{name: fmt.Sprintf("textpdf-%02d.pdf", i), body: textPDF(lines)})
	}
	for i := range 14 {
		lines := []string{
			fmt.Sprintf("RECEIPT %d", 7000+i),
			"Corner Grocer",
			fmt.Sprintf("Bread %d.%02d", 1+rng.IntN(5), rng.IntN(100)),
			fmt.Sprintf("TOTAL %d.%02d", 5+rng.IntN(40), rng.IntN(100)),
		}
		docs = append(docs, doc{name: fmt.Sprintf("scan-%02d.png", i), body: scanPNG(t, lines)})
	}
	page := filepath.Join(dir, "page.pdf")
	if out, err := exec.Command("pdfseparate", "-f", "1", "-l", "1", "../../../ocr/testdata/scanned.pdf", page).CombinedOutput(); err != nil {
		t.Fatalf("pdfseparate: %v: %s", err, out)
	}
	for i, n := range []int{3, 5, 8, 12} {
		args := make([]string, 0, n+1)
		for range n {
			args = append(args, page)
		}
		out := filepath.Join(dir, fmt.Sprintf("multi-%d.pdf", n))
		if b, err := exec.Command("pdfunite", append(args, out)...).CombinedOutput(); err != nil {
			t.Fatalf("pdfunite: %v: %s", err, b)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, doc{name: fmt.Sprintf("multi-%02d-%dp.pdf", i, n), body: b})
	}
	pdf := textPDF([]string{"truncated"})
	garbage := make([]byte, 4096)
	for i := range garbage {
		garbage[i] = byte(rng.IntN(256))
	}
	scan := scanPNG(t, []string{"cut short"})
	docs = append(docs,
		doc{name: "bad-empty.txt", body: nil, bad: true},
		doc{name: "bad-truncated.pdf", body: pdf[:len(pdf)/2], bad: true},
		doc{name: "bad-header-only.pdf", body: append([]byte("%PDF-1.7\n"), garbage[:512]...), bad: true},
		doc{name: "bad-garbage.png", body: append([]byte("\x89PNG\r\n\x1a\n"), garbage...), bad: true},
		doc{name: "bad-truncated.png", body: scan[:len(scan)/3], bad: true},
		doc{name: "bad-blob.pdf", body: garbage, bad: true},
		doc{name: "bad-bomb.png", body: bombPNG(t), bad: true},
		doc{name: "bad-nul.txt", body: []byte("NUL\x00in\x00text\x00"), bad: true},
		doc{name: "bad-zip.docx", body: append([]byte("PK\x03\x04"), garbage[:200]...), bad: true},
		doc{name: "bad-jpeg.jpg", body: []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00"), bad: true},
	)
	return docs
}

// textPDF is a one-page PDF whose text layer holds lines.
func textPDF(lines []string) []byte {
	var content strings.Builder
	content.WriteString("BT /F1 14 Tf 72 720 Td 18 TL\n")
	for _, l := range lines {
		fmt.Fprintf(&content, "(%s) Tj T*\n", strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`).Replace(l))
	}
	content.WriteString("ET")
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", content.Len(), content.String()),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// scanPNG renders lines as a scanned page would look: black text on white,
// the 7x13 bitmap font scaled up four times.
func scanPNG(t *testing.T, lines []string) []byte {
	t.Helper()
	small := image.NewGray(image.Rect(0, 0, 300, 20+18*len(lines)))
	draw.Draw(small, small.Bounds(), image.White, image.Point{}, draw.Src)
	d := &font.Drawer{Dst: small, Src: image.Black, Face: basicfont.Face7x13}
	for i, l := range lines {
		d.Dot = fixed.P(10, 20+18*i)
		d.DrawString(l)
	}
	const scale = 4
	big := image.NewGray(image.Rect(0, 0, small.Bounds().Dx()*scale, small.Bounds().Dy()*scale))
	for y := range big.Bounds().Dy() {
		for x := range big.Bounds().Dx() {
			big.SetGray(x, y, small.GrayAt(x/scale, y/scale))
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, big); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// bombPNG is a tiny PNG whose header claims 30000x30000 pixels.
func bombPNG(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	p := b.Bytes()
	// IHDR: length at 8, type at 12, width at 16, height at 20, CRC of
	// type and data at 29.
	binary.BigEndian.PutUint32(p[16:], 30000)
	binary.BigEndian.PutUint32(p[20:], 30000)
	binary.BigEndian.PutUint32(p[29:], crc32.ChecksumIEEE(p[12:29]))
	return p
}

// waitUp waits until ingest answers at url (any status), at most 3 minutes
// (the first run builds nothing, but starts Kafka, the registry and Redis).
func waitUp(t *testing.T, url string) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("Authorization", "Bearer demo-key")
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			time.Sleep(2 * time.Second) // the agents join their groups
			return
		}
		time.Sleep(250 * time.Millisecond)
	}
	t.Fatalf("ingest did not answer at %s within 3 minutes", url)
}

func post(t *testing.T, base string, d doc) (int, string) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", d.name)
	if err != nil {
		t.Error(err)
		return 0, ""
	}
	_, _ = fw.Write(d.body)
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, base+"/v1/documents", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer demo-key")
	resp, err := (&http.Client{Timeout: time.Minute}).Do(req)
	if err != nil {
		t.Errorf("post %s: %v", d.name, err)
		return 0, ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	return resp.StatusCode, string(b)
}

func get(t *testing.T, base, id string) status {
	req, _ := http.NewRequest(http.MethodGet, base+"/v1/documents/"+id, nil)
	req.Header.Set("Authorization", "Bearer demo-key")
	resp, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		t.Logf("get %s: %v", id, err)
		return status{}
	}
	defer resp.Body.Close()
	var st status
	_ = json.NewDecoder(resp.Body).Decode(&st)
	return st
}
