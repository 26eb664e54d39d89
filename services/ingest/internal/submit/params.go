package submit

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Limits on the metadata of a submission.
const (
	maxLabels      = 64
	maxLabelKey    = 128
	maxLabelValue  = 1024
	maxFieldBytes  = 64 << 10
	maxFormFields  = 256
	maxFilename    = 255
	maxCallbackURL = 2048
	maxPriority    = 1000
)

// MaxKeyBytes is the longest Idempotency-Key a submission may carry.
const MaxKeyBytes = 255

// Params is a submission's metadata, as the client gave it.
type Params struct {
	Tenant   string // optional; must be the API key's tenant when set
	Filename string
	Priority int
	// Deadline as given: an RFC 3339 time or a Go duration ("36h")
	// counted from acceptance; empty takes the service default.
	Deadline    string
	Labels      map[string]string
	CallbackURL string
	// Lane is the submission's priority lane (events.PriorityInteractive, events.PriorityBulk;
	// empty is interactive). It travels as a Kafka header, not in the
	// event, so it is not part of the fingerprint: it decides when the
	// work is done, not what it is.
	Lane string
}

// Fingerprint hashes a document and its metadata: the same idempotency key
// with another fingerprint is a conflict.
func (p Params) Fingerprint(docSHA256 string) string {
	h := sha256.New()
	write := func(s string) { fmt.Fprintf(h, "%d:%s;", len(s), s) }
	write(docSHA256)
	write(p.Filename)
	write(strconv.Itoa(p.Priority))
	write(p.Deadline)
	keys := make([]string, 0, len(p.Labels))
	for k := range p.Labels {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		write(k)
		write(p.Labels[k])
	}
	write(p.CallbackURL)
	return hex.EncodeToString(h.Sum(nil))
}

// Validate checks the metadata, resolving the deadline against now.
func (p Params) Validate(now time.Time, defaultDeadline time.Duration) error {
	if len(p.Filename) > maxFilename || !utf8.ValidString(p.Filename) || strings.ContainsAny(p.Filename, "/\\") ||
		strings.ContainsFunc(p.Filename, unicode.IsControl) || p.Filename == "." || p.Filename == ".." {
		return invalid("filename must be valid UTF-8 without path separators or control characters, not . or .., at most %d bytes", maxFilename)
	}
	// A bidirectional override (U+202E) makes "invoice\u202Efdp.exe" read
	// as "invoiceexe.pdf" to a reviewer.
	if strings.ContainsFunc(p.Filename, func(r rune) bool { return unicode.Is(unicode.Bidi_Control, r) }) {
		return invalid("filename must not contain bidirectional control characters (U+202A..U+202E, U+2066..U+2069, marks)")
	}
	if p.Priority < 0 || p.Priority > maxPriority {
		return invalid("priority %d: want 0..%d", p.Priority, maxPriority)
	}
	if _, err := ResolveDeadline(p.Deadline, now, defaultDeadline); err != nil {
		return err
	}
	if len(p.Labels) > maxLabels {
		return invalid("%d labels: at most %d", len(p.Labels), maxLabels)
	}
	for k, v := range p.Labels {
		if k == "" || len(k) > maxLabelKey || len(v) > maxLabelValue || !utf8.ValidString(k) || !utf8.ValidString(v) {
			return invalid("label %.40q: keys 1..%d bytes, values up to %d bytes, UTF-8", k, maxLabelKey, maxLabelValue)
		}
	}
	if p.CallbackURL != "" {
		u, err := url.Parse(p.CallbackURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(p.CallbackURL) > maxCallbackURL {
			return invalid("callback_url must be an absolute http or https URL of at most %d bytes", maxCallbackURL)
		}
	}
	return nil
}

// ResolveDeadline turns a deadline as given into a time: empty is
// now+def, a Go duration is counted from now, otherwise RFC 3339. It must
// lie in the future.
func ResolveDeadline(raw string, now time.Time, def time.Duration) (time.Time, error) {
	var t time.Time
	switch {
	case raw == "":
		t = now.Add(def)
	default:
		if d, err := time.ParseDuration(raw); err == nil {
			t = now.Add(d)
		} else if t, err = time.Parse(time.RFC3339Nano, raw); err != nil {
			return time.Time{}, invalid("deadline %.40q: want an RFC 3339 time or a duration such as 36h", raw)
		}
	}
	if !t.After(now) {
		return time.Time{}, invalid("deadline %s is not in the future", t.UTC().Format(time.RFC3339))
	}
	return t.UTC().Truncate(time.Millisecond), nil
}

// ValidateKey checks an idempotency key.
func ValidateKey(key string) error {
	if len(key) > MaxKeyBytes || !utf8.ValidString(key) {
		return invalid("Idempotency-Key must be UTF-8 of at most %d bytes", MaxKeyBytes)
	}
	return nil
}

// pickedName is the file name of a path a client's file picker sent as a
// part's or body's file name: some send the whole Windows path,
// "C:\Users\ana\invoice.pdf", or a browser's "C:\fakepath\invoice.pdf"
// (found from outside: refused for its separators). A file name chosen in
// the filename field or the Docket-Filename header is taken as given.
func pickedName(name string) string {
	return name[strings.LastIndexAny(name, `/\`)+1:]
}

// setField applies one form field or query parameter to p.
func (p *Params) setField(name, value string) error {
	switch {
	case name == "tenant":
		p.Tenant = value
	case name == "filename":
		p.Filename = value
	case name == "priority":
		return p.setPriority(value)
	case name == "deadline":
		p.Deadline = value
	case name == "callback_url":
		p.CallbackURL = value
	case name == "labels":
		var m map[string]string
		if err := json.Unmarshal([]byte(value), &m); err != nil {
			return invalid("labels must be a JSON object of strings: %v", err)
		}
		for k, v := range m {
			p.setLabel(k, v)
		}
	case strings.HasPrefix(name, "label."):
		p.setLabel(strings.TrimPrefix(name, "label."), value)
	default:
		return invalid("unknown field %.40q", name)
	}
	return nil
}

func (p *Params) setLabel(k, v string) {
	if p.Labels == nil {
		p.Labels = map[string]string{}
	}
	p.Labels[k] = v
}

// ParseHTTP reads a submission from an HTTP request: multipart/form-data
// with a "file" part and optional fields, or a raw body (any other
// Content-Type) with the fields as query parameters and the file name in
// a Docket-Filename header or Content-Disposition; the lane may also come
// in an X-Docket-Priority header. The document is never held in memory:
// doc is called once with a reader of its bytes as they arrive (Store
// takes it), and its error ends the parse. A body without a document is a
// 400; a body over the request's MaxBytesReader a 413 (max is the
// document limit it names). ParseHTTP checks neither the media type, the
// size of the document nor the metadata's values (Store and Validate do).
func ParseHTTP(r *http.Request, max int64, doc func(io.Reader) error) (Params, error) {
	p, err := parseHTTP(r, max, doc)
	if err == nil {
		err = p.laneHeader(r)
	}
	if err != nil {
		return Params{}, err
	}
	return p, nil
}

func parseHTTP(r *http.Request, max int64, doc func(io.Reader) error) (Params, error) {
	var p Params
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "multipart/form-data" {
		return parseMultipart(r, max, doc)
	}
	// Another multipart type is a wrapper, not a document: taken as a raw
	// body its boundaries and headers were stored and classified as the
	// document's text (found from outside: a multipart/mixed body was
	// recorded as an invoice). A form's type is what curl --data-binary
	// sends with any file: the bytes decide (sniffing) as for any raw body.
	if strings.HasPrefix(mt, "multipart/") {
		return Params{}, Errorf(http.StatusUnsupportedMediaType, CodeUnsupportedMedia, "Content-Type %s is not a document: send multipart/form-data with a \"file\" part, or the document itself as the body", mt)
	}
	// The query's fields apply in the request's order, as a multipart
	// form's parts do: a label given twice ("labels={...}&label.a=2")
	// takes its last value, not one chosen by a map's order.
	for pair := range strings.SplitSeq(r.URL.RawQuery, "&") {
		if pair == "" {
			continue
		}
		k, v, _ := strings.Cut(pair, "=")
		name, err1 := url.QueryUnescape(k)
		value, err2 := url.QueryUnescape(v)
		if err := errors.Join(err1, err2); err != nil {
			return Params{}, invalid("query parameter %.40q: %v", k, err)
		}
		if err := p.setField(name, value); err != nil {
			return Params{}, err
		}
	}
	if fn := r.Header.Get("Docket-Filename"); fn != "" {
		p.Filename = fn
	} else if _, ps, err := mime.ParseMediaType(r.Header.Get("Content-Disposition")); err == nil && ps["filename"] != "" {
		p.Filename = pickedName(ps["filename"])
	}
	if err := doc(r.Body); err != nil {
		return Params{}, err
	}
	return p, nil
}

func parseMultipart(r *http.Request, max int64, doc func(io.Reader) error) (Params, error) {
	var p Params
	mr, err := r.MultipartReader()
	if err != nil {
		return Params{}, invalid("multipart body: %v", err)
	}
	seen := false
	for fields := 0; ; fields++ {
		if fields > maxFormFields {
			return Params{}, invalid("more than %d form parts", maxFormFields)
		}
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			if tooLarge(err) {
				return Params{}, tooLargeError(max)
			}
			if timedOut(err) {
				return Params{}, timeoutError()
			}
			return Params{}, invalid("multipart body: %v", err)
		}
		name := part.FormName()
		if name == "file" {
			if seen {
				return Params{}, invalid("more than one file part")
			}
			seen = true
			if err := doc(part); err != nil {
				return Params{}, err
			}
			if p.Filename == "" {
				p.Filename = pickedName(part.FileName())
			}
			continue
		}
		v, err := readField(part)
		if err != nil {
			return Params{}, err
		}
		if name == "filename" && v == "" {
			continue
		}
		if err := p.setField(name, v); err != nil {
			return Params{}, err
		}
	}
	if !seen {
		return Params{}, invalid("multipart body has no \"file\" part")
	}
	return p, nil
}

func readField(part *multipart.Part) (string, error) {
	b, err := io.ReadAll(io.LimitReader(part, maxFieldBytes+1))
	if err != nil {
		if tooLarge(err) {
			return "", Errorf(http.StatusRequestEntityTooLarge, CodeTooLarge, "request body too large")
		}
		if timedOut(err) {
			return "", timeoutError()
		}
		return "", invalid("form field %.40q: %v", part.FormName(), err)
	}
	if len(b) > maxFieldBytes {
		return "", invalid("form field %.40q longer than %d bytes", part.FormName(), maxFieldBytes)
	}
	return string(b), nil
}

// documentReader reads a document as it arrives, at most max bytes of it.
// Its errors are *Error: more than max bytes is a 413, a body that stopped
// arriving in time a 408, any other failure of the body a 400.
type documentReader struct {
	r   io.Reader
	max int64
	n   int64
}

func (d *documentReader) Read(b []byte) (int, error) {
	if d.n > d.max {
		return 0, tooLargeError(d.max)
	}
	// One byte past the limit tells a document over it.
	if rest := d.max + 1 - d.n; int64(len(b)) > rest {
		b = b[:rest]
	}
	n, err := d.r.Read(b)
	d.n += int64(n)
	switch {
	case d.n > d.max:
		return 0, tooLargeError(d.max)
	case err == nil, err == io.EOF:
		return n, err
	case tooLarge(err):
		return n, tooLargeError(d.max)
	case timedOut(err):
		return n, timeoutError()
	}
	return n, invalid("read document: %v", err)
}

func tooLargeError(max int64) error {
	return Errorf(http.StatusRequestEntityTooLarge, CodeTooLarge, "document larger than %d bytes", max)
}

func timeoutError() error {
	return Errorf(http.StatusRequestTimeout, CodeTimeout, "the request body did not arrive in time")
}

// timedOut reports whether err is the read deadline of a slow body.
func timedOut(err error) bool { return errors.Is(err, os.ErrDeadlineExceeded) }

// tooLarge reports whether err comes from http.MaxBytesReader.
func tooLarge(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}
