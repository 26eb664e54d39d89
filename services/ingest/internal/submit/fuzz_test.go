package submit

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

const fuzzMax = 1 << 12

// FuzzParseMultipart feeds arbitrary multipart bodies (with a fixed
// boundary) to ParseHTTP: it must never panic, never hand on more than the
// limit, and either fail with an *Error or parse.
func FuzzParseMultipart(f *testing.F) {
	f.Add([]byte("--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n\r\n%PDF-1.4\r\n--B--\r\n"))
	f.Add([]byte("--B\r\nContent-Disposition: form-data; name=\"priority\"\r\n\r\n3\r\n--B\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nhello\r\n--B--\r\n"))
	f.Add([]byte("--B\r\nContent-Disposition: form-data; name=\"labels\"\r\n\r\n{\"a\":\"b\"}\r\n--B--\r\n"))
	f.Add([]byte("--B\r\n\r\n--B--"))
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest(http.MethodPost, "/v1/documents", bytes.NewReader(body))
		r.Header.Set("Content-Type", "multipart/form-data; boundary=B")
		checkParse(t, r)
	})
}

// FuzzParseRaw feeds an arbitrary Content-Type, query, disposition and
// body to ParseHTTP.
func FuzzParseRaw(f *testing.F) {
	f.Add("application/pdf", "priority=1&label.a=b", `attachment; filename="x.pdf"`, []byte("%PDF-1.4"))
	f.Add("text/plain; charset=utf-8", "labels=%7B%22k%22%3A%22v%22%7D", "", []byte("hello"))
	f.Add("", "deadline=36h&callback_url=http://x", "inline", []byte{})
	f.Add("multipart/form-data", "", "", []byte("--"))
	f.Fuzz(func(t *testing.T, ct, query, disposition string, body []byte) {
		r, err := http.NewRequest(http.MethodPost, "http://h/v1/documents", bytes.NewReader(body))
		if err != nil {
			t.Skip()
		}
		r.URL.RawQuery = query
		r.Header.Set("Content-Type", ct)
		r.Header.Set("Content-Disposition", disposition)
		checkParse(t, r)
	})
}

func checkParse(t *testing.T, r *http.Request) {
	var doc []byte
	p, err := ParseHTTP(r, fuzzMax, readAll(&doc, fuzzMax))
	if err != nil {
		if _, ok := AsError(err); !ok {
			t.Fatalf("error %v is not an *Error", err)
		}
		return
	}
	if len(doc) > fuzzMax {
		t.Fatalf("document of %d bytes accepted", len(doc))
	}
	// Whatever parsed must be checkable without panicking, and the
	// fingerprint must be stable.
	_ = p.Validate(timeNow(), defaultDeadline)
	q := p
	q.Labels = map[string]string{}
	for k, v := range p.Labels {
		q.Labels[k] = v
	}
	if p.Fingerprint("x") != q.Fingerprint("x") {
		t.Fatal("fingerprint not stable")
	}
}

const defaultDeadline = 24 * time.Hour

func timeNow() time.Time { return time.Unix(1_900_000_000, 0) }
