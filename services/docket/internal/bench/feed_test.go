package bench

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

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/reqsign"
	"github.com/docket-run/docket/services/docket/internal/samples"
)

// doc is one document to feed: its bytes, file name and media type.
type doc struct {
	name, mediaType string
	body            []byte
}

// benchDocs returns n distinct 1 KiB text documents (distinct, so that no
// document's extraction is reused from OCR's cache).
func benchDocs(phase string, n int) []doc {
	out := make([]doc, n)
	for i := range out {
		body := fmt.Appendf(nil, "Docket benchmark document %s-%d.\n", phase, i)
		for len(body) < 1024 {
			body = append(body, "The quick brown fox jumps over the lazy dog. "...)
		}
		out[i] = doc{name: fmt.Sprintf("%s-%d.txt", phase, i), mediaType: "text/plain", body: body[:1024]}
	}
	return out
}

// sampleDocs returns n renderings of the bundled samples, each with its
// own reference number so that every one is extracted afresh.
func sampleDocs(b *testing.B, n int) []doc {
	types := map[string]string{".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".tiff": "image/tiff", ".txt": "text/plain"}
	out := make([]doc, n)
	for i := range out {
		s := samples.Catalog[i%len(samples.Catalog)]
		s.Text = fmt.Sprintf("%s\nReference: BENCH-%05d\n", s.Text, i)
		body, err := samples.Render(s)
		if err != nil {
			b.Fatal(err)
		}
		out[i] = doc{name: fmt.Sprintf("%03d-%s", i, s.File), mediaType: types[filepath.Ext(s.File)], body: body}
	}
	return out
}

// requests drops docs in the bench tenant's area of the blob store and
// returns the signed docket.document.requested records that submit them,
// and their event ids.
func (s *stack) requests(ctx context.Context, phase string, docs []doc) ([]*kgo.Record, []string) {
	recs := make([]*kgo.Record, len(docs))
	ids := make([]string, len(docs))
	for i, d := range docs {
		ref := dockettest.DropBlob(s.b, filepath.Join(s.dir, "blobs"), benchTenant, d.body, d.mediaType)
		ids[i] = fmt.Sprintf("bench-%s-%06d", phase, i)
		e := &events.DocumentRequested{
			Document:       ref,
			Filename:       d.name,
			IdempotencyKey: ids[i],
			Labels:         map[string]string{"bench": phase},
		}
		e.Meta = events.Meta{EventID: ids[i], WorkflowID: ids[i], TenantID: benchTenant, OccurredAt: time.Now().UTC().Truncate(time.Millisecond),
			Producer: events.Producer{Service: "bench", Version: "test"}}
		v, err := s.codec.Encode(events.TopicRequested, e)
		if err != nil {
			s.b.Fatalf("encode request: %v", err)
		}
		recs[i] = &kgo.Record{Topic: events.TopicRequested, Key: []byte(ids[i]), Value: v,
			Headers: []kgo.RecordHeader{{Key: reqsign.HeaderName, Value: []byte(reqsign.Sign(benchRequestSecret, v))}}}
	}
	return recs, ids
}

// produce writes recs (pace, when set, is waited on before each) and
// waits for every acknowledgement.
func produce(b *testing.B, ctx context.Context, cl *kgo.Client, recs []*kgo.Record, pace func(int)) {
	var wg sync.WaitGroup
	for i, r := range recs {
		if pace != nil {
			pace(i)
		}
		r.Timestamp = time.Now()
		wg.Add(1)
		cl.Produce(ctx, r, func(_ *kgo.Record, err error) {
			if err != nil && ctx.Err() == nil {
				b.Errorf("produce request: %v", err)
			}
			wg.Done()
		})
	}
	wg.Wait()
}

// post submits d through the HTTP API and returns its workflow id.
func (s *stack) post(ctx context.Context, d doc, key string) (string, error) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", d.name)
	if err != nil {
		return "", err
	}
	_, _ = fw.Write(d.body)
	_ = mw.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+s.ingestAddr+"/v1/documents", &buf)
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+apiKey)
	req.Header.Set("Idempotency-Key", key)
	resp, err := httpClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("post %s: %w", d.name, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var body struct {
		WorkflowID string `json:"workflow_id"`
	}
	if resp.StatusCode != http.StatusAccepted || json.Unmarshal(b, &body) != nil || body.WorkflowID == "" {
		return "", fmt.Errorf("post %s: HTTP %d: %s", d.name, resp.StatusCode, strings.TrimSpace(string(b)))
	}
	return body.WorkflowID, nil
}

// httpClient keeps enough idle connections for the concurrent posters.
var httpClient = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}, Timeout: time.Minute}

// postAll posts docs, with clients posters at once or, with pace, each
// when due; it returns the workflow ids and when each post was sent.
func (s *stack) postAll(ctx context.Context, phase string, docs []doc, clients int, pace func(int)) ([]string, map[string]time.Time) {
	ids := make([]string, len(docs))
	sent := make([]time.Time, len(docs))
	var wg sync.WaitGroup
	post := func(i int) {
		defer wg.Done()
		sent[i] = time.Now()
		wf, err := s.post(ctx, docs[i], fmt.Sprintf("bench-%s-%06d", phase, i))
		if err != nil {
			s.b.Error(err)
			return
		}
		ids[i] = wf
	}
	if pace != nil {
		for i := range docs {
			pace(i)
			wg.Add(1)
			go post(i)
		}
	} else {
		next := make(chan int)
		for range clients {
			go func() {
				for i := range next {
					post(i)
				}
			}()
		}
		for i := range docs {
			wg.Add(1)
			next <- i
		}
		close(next)
	}
	wg.Wait()
	if s.b.Failed() {
		s.b.FailNow()
	}
	at := make(map[string]time.Time, len(ids))
	for i, id := range ids {
		at[id] = sent[i]
	}
	return ids, at
}
