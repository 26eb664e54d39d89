package submit

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/auth"
)

func multipartRequest(t testing.TB, fields [][2]string, file []byte, withFile bool) *http.Request {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for _, f := range fields {
		_ = mw.WriteField(f[0], f[1])
	}
	if withFile {
		fw, _ := mw.CreateFormFile("file", "doc.pdf")
		_, _ = fw.Write(file)
	}
	_ = mw.Close()
	r := httptest.NewRequest(http.MethodPost, "/v1/documents", &b)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	return r
}

// readAll is a ParseHTTP document callback that reads the document as
// Store does (at most max bytes, refusals as *Error) into *doc.
func readAll(doc *[]byte, max int64) func(io.Reader) error {
	return func(r io.Reader) error {
		b, err := io.ReadAll(&documentReader{r: r, max: max})
		*doc = b
		return err
	}
}

func TestParseHTTP(t *testing.T) {
	pdf := []byte("%PDF-1.7 body")
	t.Run("multipart", func(t *testing.T) {
		r := multipartRequest(t, [][2]string{{"tenant", "acme"}, {"priority", "5"}, {"deadline", "36h"}, {"label.a", "1"}, {"labels", `{"b":"2"}`}, {"callback_url", "https://x/y"}}, pdf, true)
		var doc []byte
		p, err := ParseHTTP(r, 100, readAll(&doc, 100))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(doc, pdf) || p.Tenant != "acme" || p.Priority != 5 || p.Deadline != "36h" || p.Labels["a"] != "1" || p.Labels["b"] != "2" || p.CallbackURL != "https://x/y" || p.Filename != "doc.pdf" {
			t.Errorf("got %+v %q", p, doc)
		}
	})
	t.Run("raw", func(t *testing.T) {
		r := httptest.NewRequest(http.MethodPost, "/v1/documents?priority=2&label.k=v", bytes.NewReader(pdf))
		r.Header.Set("Content-Type", "application/pdf")
		r.Header.Set("Content-Disposition", `attachment; filename="a b.pdf"`)
		var doc []byte
		p, err := ParseHTTP(r, 100, readAll(&doc, 100))
		if err != nil || !bytes.Equal(doc, pdf) || p.Priority != 2 || p.Labels["k"] != "v" || p.Filename != "a b.pdf" {
			t.Errorf("got %+v %q %v", p, doc, err)
		}
	})
	t.Run("query fields in the request's order", func(t *testing.T) {
		// A label given twice takes its last value every time: the query
		// was applied in a map's order, so which one won varied.
		for _, c := range []struct{ query, want string }{
			{"labels=%7B%22a%22%3A%221%22%7D&label.a=2", "2"},
			{"label.a=2&labels=%7B%22a%22%3A%221%22%7D", "1"},
		} {
			for range 20 {
				r := httptest.NewRequest(http.MethodPost, "/v1/documents?"+c.query, bytes.NewReader(pdf))
				r.Header.Set("Content-Type", "application/pdf")
				var doc []byte
				p, err := ParseHTTP(r, 100, readAll(&doc, 100))
				if err != nil || p.Labels["a"] != c.want {
					t.Fatalf("%s: label a = %q, want %q (%v)", c.query, p.Labels["a"], c.want, err)
				}
			}
		}
		r := httptest.NewRequest(http.MethodPost, "/v1/documents?priority=%zz", bytes.NewReader(pdf))
		r.Header.Set("Content-Type", "application/pdf")
		var doc []byte
		if _, err := ParseHTTP(r, 100, readAll(&doc, 100)); err == nil {
			t.Error("a malformed escape in the query was accepted")
		}
	})
	t.Run("windows path of a picked file", func(t *testing.T) {
		for _, name := range []string{`C:\Users\ana\invoice.pdf`, `C:\fakepath\invoice.pdf`} {
			r := httptest.NewRequest(http.MethodPost, "/v1/documents", bytes.NewReader(pdf))
			r.Header.Set("Content-Type", "application/pdf")
			r.Header.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
			var doc []byte
			p, err := ParseHTTP(r, 100, readAll(&doc, 100))
			if err != nil || p.Filename != "invoice.pdf" || p.Validate(time.Now(), time.Hour) != nil {
				t.Errorf("%s: filename %q, %v", name, p.Filename, err)
			}
		}
	})
	errCases := []struct {
		name string
		req  *http.Request
		code string
	}{
		{"no file part", multipartRequest(t, [][2]string{{"priority", "1"}}, nil, false), CodeInvalidRequest},
		{"too large", multipartRequest(t, nil, bytes.Repeat([]byte("a"), 101), true), CodeTooLarge},
		{"unknown field", multipartRequest(t, [][2]string{{"colour", "red"}}, pdf, true), CodeInvalidRequest},
		{"bad labels", multipartRequest(t, [][2]string{{"labels", `["x"]`}}, pdf, true), CodeInvalidRequest},
		{"bad priority", multipartRequest(t, [][2]string{{"priority", "x"}}, pdf, true), CodeInvalidRequest},
		{"broken multipart", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader("--zz\r\nnot headers"))
			r.Header.Set("Content-Type", "multipart/form-data; boundary=zz")
			return r
		}(), CodeInvalidRequest},
		// Found from outside: a multipart/mixed body was stored whole and
		// recorded as an invoice, its boundaries for text.
		{"another multipart type", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader("--XYZ\r\nContent-Disposition: attachment; filename=a.txt\r\n\r\nInvoice 12\r\n--XYZ--\r\n"))
			r.Header.Set("Content-Type", "multipart/mixed; boundary=XYZ")
			return r
		}(), CodeUnsupportedMedia},
	}
	for _, c := range errCases {
		t.Run(c.name, func(t *testing.T) {
			var doc []byte
			_, err := ParseHTTP(c.req, 100, readAll(&doc, 100))
			e, ok := AsError(err)
			if !ok || e.Code != c.code {
				t.Errorf("err = %v, want code %s", err, c.code)
			}
		})
	}
}

func TestValidateParams(t *testing.T) {
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	long := strings.Repeat("x", 300)
	cases := []struct {
		name string
		p    Params
		ok   bool
	}{
		{"defaults", Params{}, true},
		{"duration deadline", Params{Deadline: "2h"}, true},
		{"rfc3339 deadline", Params{Deadline: "2030-01-02T00:00:00Z"}, true},
		{"past deadline", Params{Deadline: "2029-12-31T00:00:00Z"}, false},
		{"negative duration", Params{Deadline: "-1h"}, false},
		{"garbage deadline", Params{Deadline: "tomorrow"}, false},
		{"negative priority", Params{Priority: -1}, false},
		{"path in filename", Params{Filename: "../etc/passwd"}, false},
		{"long filename", Params{Filename: long}, false},
		{"unicode filename", Params{Filename: "relevé 2026 – €.pdf"}, true},
		{"newline in filename", Params{Filename: "a\r\nX-Injected: 1.pdf"}, false},
		{"terminal escape in filename", Params{Filename: "a\x1b]0;pwned\x07.pdf"}, false},
		{"C1 control in filename", Params{Filename: "a\u009b31m.pdf"}, false},
		{"DEL in filename", Params{Filename: "a\x7f.pdf"}, false},
		{"empty label key", Params{Labels: map[string]string{"": "v"}}, false},
		{"ftp callback", Params{CallbackURL: "ftp://host/x"}, false},
		{"relative callback", Params{CallbackURL: "/x"}, false},
		{"https callback", Params{CallbackURL: "https://host/x"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.p.Validate(now, 24*time.Hour)
			if (err == nil) != c.ok {
				t.Errorf("Validate = %v, want ok=%v", err, c.ok)
			}
		})
	}
	d, err := ResolveDeadline("", now, 24*time.Hour)
	if err != nil || !d.Equal(now.Add(24*time.Hour)) {
		t.Errorf("default deadline %v %v", d, err)
	}
}

func TestTenants(t *testing.T) {
	key := []byte("server-key-server-key-server-key!")
	ts, err := NewTenants([]Tenant{{ID: "a", APIKeyHMACs: []string{auth.HashToken(key, "ka")}, RatePerS: 1, Burst: 2}, {ID: "b", APIKeySHA256: HashKey("kb"), RatePerS: 1, Burst: 1}}, key)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		key, claimed string
		status       int
		id           string
	}{
		{"ka", "", 0, "a"}, {"kb", "b", 0, "b"}, {"", "", 401, ""}, {"kx", "", 401, ""}, {"ka", "b", 403, ""},
	}
	for _, c := range cases {
		tn, err := ts.Authenticate(c.key, c.claimed)
		e, _ := AsError(err)
		switch {
		case c.status == 0 && (err != nil || tn.ID != c.id):
			t.Errorf("Authenticate(%q,%q) = %v, %v; want %s", c.key, c.claimed, tn.ID, err, c.id)
		case c.status != 0 && (e == nil || e.Status != c.status):
			t.Errorf("Authenticate(%q,%q) = %v; want status %d", c.key, c.claimed, err, c.status)
		}
	}
	_, err = NewTenants([]Tenant{{ID: "", APIKeySHA256: "zz", RatePerS: 0, Burst: 0}}, key)
	if err == nil || strings.Count(err.Error(), "\n") < 3 {
		t.Errorf("NewTenants of a bad entry = %v, want every problem reported", err)
	}
	ok := Tenant{ID: "acme", APIKeyHMACs: []string{auth.HashToken(key, "k1")}, RatePerS: 1, Burst: 1, RequestSecrets: []string{"0123456789abcdef", "fedcba9876543210"}}
	if _, err := NewTenants([]Tenant{ok}, key); err != nil {
		t.Errorf("NewTenants(two request secrets) = %v", err)
	}
	for _, c := range []struct {
		name string
		mod  func(*Tenant)
		want string
	}{
		{"three request secrets", func(tn *Tenant) { tn.RequestSecrets = append(tn.RequestSecrets, "another-long-secret") }, "3 request secrets"},
		{"short request secret", func(tn *Tenant) { tn.RequestSecrets = []string{"short"} }, "shorter than 16"},
		{"id with a slash", func(tn *Tenant) { tn.ID = "acme/../globex" }, "names the tenant's drop area"},
		{"id ..", func(tn *Tenant) { tn.ID = ".." }, "names the tenant's drop area"},
	} {
		tn := ok
		tn.RequestSecrets = slices.Clone(ok.RequestSecrets)
		c.mod(&tn)
		if _, err := NewTenants([]Tenant{tn}, key); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: NewTenants = %v, want %q", c.name, err, c.want)
		}
	}
}

func TestWorkflowIDIsDeterministic(t *testing.T) {
	ak := WorkflowID("a", "k")
	if ak != WorkflowID("a", "k") || ak == WorkflowID("b", "k") || ak == WorkflowID("a", "k1") || ak == WorkflowID("a\x00", "k") {
		t.Error("workflow ids must depend on exactly tenant and key")
	}
	w := SubmittedEventID("w")
	if w != SubmittedEventID("w") || w == SubmittedEventID("v") {
		t.Error("event ids must depend on exactly the workflow")
	}
}
