package chaos

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/docket-run/docket/services/docket/internal/samples"
)

// apiKey is the chaos tenant's key; maxBytes is ingest's size limit.
const (
	apiKey   = "chaos-key"
	maxBytes = 1 << 20
)

// kind is what a submission must become.
type kind int

const (
	kindDocument kind = iota // a readable document: completed, or waiting for review
	kindCorrupt              // passes ingest's sniffing, no engine can read it: parked
	kindRejected             // refused by ingest with a 4xx: never a workflow
)

// submission is one POST of the load.
type submission struct {
	name     string
	body     []byte
	key      string // Idempotency-Key
	apiKey   string
	raw      string // a raw request body instead of a multipart form
	kind     kind
	wantHTTP int // for rejected ones
	repeat   bool
}

// load builds the submissions for n workflows: the bundled samples in
// every format (raster variants share content in threes, so OCR's cache
// is exercised), one corrupt PDF in fifty, then every tenth submission
// repeated with its key, and one invalid request per twenty workflows.
func load(t *testing.T, n int) []submission {
	t.Helper()
	var subs []submission
	for i := range n {
		if i%50 == 49 {
			subs = append(subs, submission{name: fmt.Sprintf("corrupt-%04d.pdf", i), body: fmt.Appendf(nil, "%%PDF-1.7\n%d this is not a pdf body at all\n", i), key: fmt.Sprintf("chaos-%d", i), kind: kindCorrupt})
			continue
		}
		s := samples.Catalog[i%len(samples.Catalog)]
		variant := i
		if ext := filepath.Ext(s.File); ext != ".txt" && !strings.HasSuffix(s.File, ".pdf") || strings.HasSuffix(s.File, "-scan.pdf") {
			variant = i % 3
		}
		s.Text = fmt.Sprintf("%s\nReference: CHAOS-%05d\n", s.Text, variant)
		body, err := samples.Render(s)
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, submission{name: fmt.Sprintf("%04d-%s", i, s.File), body: body, key: fmt.Sprintf("chaos-%d", i), kind: kindDocument})
	}
	for i := 0; i < n; i += 10 {
		r := subs[i]
		r.repeat = true
		subs = append(subs, r)
	}
	invalid := []submission{
		{name: "empty.txt", wantHTTP: 400},
		{name: "archive.zip", body: []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00 not a document"), wantHTTP: 415},
		{name: "program.exe", body: []byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), wantHTTP: 415},
		{name: "huge.txt", body: bytes.Repeat([]byte("lorem ipsum "), 2*maxBytes/12), wantHTTP: 413},
		{name: "stranger.txt", body: []byte("hello"), apiKey: "not-a-key", wantHTTP: 401},
		{name: "torn-form", raw: "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\nno closing boundary", wantHTTP: 400},
	}
	for i := range max(len(invalid), n/20) {
		s := invalid[i%len(invalid)]
		s.name = fmt.Sprintf("bad-%03d-%s", i, s.name)
		s.key = fmt.Sprintf("chaos-bad-%d", i)
		s.kind = kindRejected
		subs = append(subs, s)
	}
	// Spread the repeats and the invalid ones over the run.
	out := make([]submission, 0, len(subs))
	first, rest := subs[:n], subs[n:]
	step := max(1, n/max(1, len(rest)))
	for i, s := range first {
		out = append(out, s)
		if i%step == step-1 && len(rest) > 0 {
			out = append(out, rest[0])
			rest = rest[1:]
		}
	}
	return append(out, rest...)
}

// accepted is what ingest answered the load.
type accepted struct {
	mu       sync.Mutex
	byKey    map[string]string // idempotency key -> workflow id
	kinds    map[string]kind   // workflow id -> kind
	names    map[string]string // workflow id -> submission name
	repeats  int               // repeats that got their first workflow id back
	rejected map[int]int       // HTTP status -> count
	posts    int
	errs     []string
}

// submit posts the load with a few concurrent clients. A post that fails
// in transit (ingest killed) is retried with the same key until ingest
// answers. A repeat is posted only after its first answer.
func submit(ctx context.Context, base string, subs []submission, progress func(done int)) *accepted {
	a := &accepted{byKey: map[string]string{}, kinds: map[string]kind{}, names: map[string]string{}, rejected: map[int]int{}}
	work := make(chan submission)
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 60 * time.Second}
	for range 4 {
		wg.Go(func() {
			for s := range work {
				a.post(ctx, client, base, s)
				a.mu.Lock()
				a.posts++
				n := a.posts
				a.mu.Unlock()
				progress(n)
			}
		})
	}
	var repeats []submission
	for _, s := range subs {
		if s.repeat {
			repeats = append(repeats, s)
			continue
		}
		select {
		case work <- s:
		case <-ctx.Done():
		}
	}
	close(work)
	wg.Wait()
	for _, s := range repeats { // the first answers are in
		a.post(ctx, client, base, s)
		a.mu.Lock()
		a.posts++
		a.mu.Unlock()
	}
	return a
}

func (a *accepted) post(ctx context.Context, client *http.Client, base string, s submission) {
	var code int
	var id, msg string
	var err error
	for attempt := 0; attempt < 300 && ctx.Err() == nil; attempt++ {
		code, id, msg, err = post(ctx, client, base, s)
		if err == nil && code != http.StatusServiceUnavailable && code != http.StatusTooManyRequests && code < 500 {
			break
		}
		time.Sleep(time.Duration(min(attempt+1, 10)) * 100 * time.Millisecond)
	}
	if err != nil {
		msg = err.Error()
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	switch {
	case s.kind == kindRejected:
		if code != s.wantHTTP || msg == "" {
			a.errs = append(a.errs, fmt.Sprintf("%s: ingest answered %d %q, want %d with a reason", s.name, code, msg, s.wantHTTP))
		}
		a.rejected[code]++
	case code != http.StatusAccepted || id == "":
		a.errs = append(a.errs, fmt.Sprintf("%s: ingest answered %d %q, want 202 with a workflow id", s.name, code, msg))
	case s.repeat:
		if prev := a.byKey[s.key]; prev != id {
			a.errs = append(a.errs, fmt.Sprintf("%s: repeat with key %s got workflow %s, first got %s", s.name, s.key, id, prev))
		} else {
			a.repeats++
		}
	default:
		a.byKey[s.key] = id
		a.kinds[id] = s.kind
		a.names[id] = s.name
	}
}

// post sends one submission and returns the status, workflow id and
// error message of the answer.
func post(ctx context.Context, client *http.Client, base string, s submission) (int, string, string, error) {
	var buf bytes.Buffer
	contentType := "multipart/form-data; boundary=x"
	if s.raw != "" {
		buf.WriteString(s.raw)
	} else {
		mw := multipart.NewWriter(&buf)
		fw, err := mw.CreateFormFile("file", s.name)
		if err != nil {
			return 0, "", "", err
		}
		_, _ = fw.Write(s.body)
		_ = mw.Close()
		contentType = mw.FormDataContentType()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/v1/documents", &buf)
	if err != nil {
		return 0, "", "", err
	}
	req.Header.Set("Content-Type", contentType)
	key := s.apiKey
	if key == "" {
		key = apiKey
	}
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Idempotency-Key", s.key)
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", "", err
	}
	defer resp.Body.Close()
	var body struct {
		WorkflowID string `json:"workflow_id"`
		Error      struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, "", "", err
	}
	_ = json.Unmarshal(b, &body)
	return resp.StatusCode, body.WorkflowID, strings.TrimSpace(body.Error.Code + " " + body.Error.Message), nil
}
