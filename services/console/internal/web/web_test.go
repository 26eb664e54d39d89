package web

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/layout"
	"github.com/docket-run/docket/pkg/ledgerchain"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

func TestSegmentsMaskPIIAndMarkAmounts(t *testing.T) {
	text := "Contact jane.doe@example.com, SSN 123-45-6789, card 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00. Total due: 66,000.00 USD. Ref 1234."
	segs := Segments(text, true)
	got := map[string]string{}
	var joined strings.Builder
	for _, s := range segs {
		joined.WriteString(s.Text)
		if s.Kind != "" {
			got[s.Kind] = s.Text
			// Each finding says where it stands in the unmasked text.
			if len(s.At) != 2 || s.At[0] >= s.At[1] || s.At[1] > len(text) || Mask(s.Kind, text[s.At[0]:s.At[1]]) != s.Text {
				t.Errorf("%s at %v: the text there does not mask to %q", s.Kind, s.At, s.Text)
			}
		} else if s.At != nil {
			t.Errorf("plain text %q has a place %v", s.Text, s.At)
		}
	}
	want := map[string]string{
		"pii.email":        "j•••@example.com",
		"pii.ssn":          "•••-••-6789",
		"pii.payment_card": "•••• •••• •••• 1111",
		"pii.iban":         "•••• •••• •••• •••• ••30 00",
		"amount":           "66,000.00",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: got %q, want %q", k, got[k], v)
		}
	}
	for _, secret := range []string{"jane.doe", "123-45-6789", "4111 1111 1111 1111", "DE89 3704"} {
		if strings.Contains(joined.String(), secret) {
			t.Errorf("masked text still holds %q: %s", secret, joined.String())
		}
	}
	if !strings.Contains(joined.String(), "Ref 1234.") {
		t.Errorf("plain text lost: %s", joined.String())
	}
}

// The console masks what the classifier reports as personal data, in
// every form it knows, not only the US forms.
func TestSegmentsMaskTheClassifiersPersonalData(t *testing.T) {
	text := "Titular: Ana García, DNI 12345678Z\nPersonnummer: 811228-9874\nTel. +34 612 345 678\n" +
		"Fecha de nacimiento:\n14/02/1979\nIBAN ES91 2100 0418 4502 0005 1332\nTotal: $ 123-45-6789"
	var joined strings.Builder
	kinds := map[string]bool{}
	for _, s := range Segments(text, true) {
		joined.WriteString(s.Text)
		kinds[s.Kind] = true
	}
	for _, secret := range []string{"12345678", "811228", "612 345", "14/02", "ES91 2100", "123-45"} {
		if strings.Contains(joined.String(), secret) {
			t.Errorf("masked text holds %q:\n%s", secret, joined.String())
		}
	}
	for _, k := range []string{"pii.national_id", "pii.phone", "pii.date_of_birth", "pii.iban", "pii.ssn"} {
		if !kinds[k] {
			t.Errorf("no %s segment in %v", k, kinds)
		}
	}
	if !strings.Contains(joined.String(), "Titular: Ana García, DNI ") {
		t.Errorf("plain text lost: %s", joined.String())
	}
}

// The console marks amounts as the classifier's amount rule reads them:
// a European total whole, no percentage, no boilerplate limit (found
// from outside: "EUR 3.21" of EUR 3.218,36 was marked, and "£85,000" of
// the FSCS line).
func TestSegmentsMarkAmountsAsTheClassifierReadsThem(t *testing.T) {
	text := "Totale documento EUR 3.218,36\nIVA 9%\nYour deposit is protected by the FSCS up to £85,000.\nImporte: 858,00 €"
	var marked []string
	for _, s := range Segments(text, true) {
		if s.Kind == "amount" {
			marked = append(marked, s.Text)
		}
	}
	if want := []string{"3.218,36", "858,00"}; !slices.Equal(marked, want) {
		t.Errorf("marked %q, want %q", marked, want)
	}
}

func TestLuhnAndIBANChecksRefuseLookalikes(t *testing.T) {
	for _, s := range Segments("order 1234 5678 9012 3456 and DE00 1234 5678 9012 3456 78", true) {
		if s.Kind == "pii.payment_card" || s.Kind == "pii.iban" {
			t.Errorf("%q marked %s: its checksum is wrong", s.Text, s.Kind)
		}
	}
}

func newTestServer(t *testing.T, inline string) (*httptest.Server, *Server) {
	t.Helper()
	return newTestServerWith(t, inline, nil, time.Now)
}

// closedTracker answers every list as a tracker that requires a
// credential does when the console probes it without one.
type closedTracker struct {
	trackerv1.TrackerClient
	err error
}

func (c closedTracker) ListWorkflows(context.Context, *trackerv1.ListWorkflowsRequest, ...grpc.CallOption) (*trackerv1.ListWorkflowsResponse, error) {
	return &trackerv1.ListWorkflowsResponse{}, c.err
}

// closedAPIs answers every HTTP call 401, as the APIs with principals do
// to a call without a credential.
func closedAPIs(t *testing.T) string {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusUnauthorized) }))
	t.Cleanup(ts.Close)
	return ts.URL
}

// newTestServerWith is newTestServer with a session key and a clock.
func newTestServerWith(t *testing.T, inline string, key []byte, now func() time.Time) (*httptest.Server, *Server) {
	t.Helper()
	return newTestServerOn(t, inline, key, now, closedTracker{err: status.Error(codes.Unauthenticated, "no credential")}, closedAPIs(t))
}

// newTestServerOn is newTestServerWith in front of a tracker and HTTP APIs
// at apis.
func newTestServerOn(t *testing.T, inline string, key []byte, now func() time.Time, tracker trackerv1.TrackerClient, apis string) (*httptest.Server, *Server) {
	t.Helper()
	var set *auth.Set
	if inline != "" {
		var err error
		if set, err = auth.Load(auth.Settings{Inline: inline}); err != nil {
			t.Fatal(err)
		}
	}
	s, err := New(Options{Principals: set, SessionKey: key, Now: now, SessionTTL: time.Hour, Log: slog.New(slog.DiscardHandler), HTTP: http.DefaultClient,
		Tracker: tracker, IngestURL: apis, ExceptionURL: apis, LedgerURL: apis})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts, s
}

// signIn signs in at the console at base with token and returns the
// session cookie (nil when none was set).
func signIn(t *testing.T, base, token string) *http.Cookie {
	t.Helper()
	res, body := do(t, http.DefaultClient, "POST", base+"/api/session", `{"token":"`+token+`"}`, map[string]string{"Content-Type": "application/json"})
	if res.StatusCode != http.StatusOK {
		t.Fatalf("sign-in: %d %s", res.StatusCode, body)
	}
	for _, c := range res.Cookies() {
		if c.Name == cookieName {
			return c
		}
	}
	return nil
}

func do(t *testing.T, c *http.Client, method, url, body string, hdr map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res, string(b)
}

func TestSignInSessionCookieAndCSRF(t *testing.T) {
	ts, _ := newTestServer(t, "operator-token-0123456789=operator:jane,tenant-token-0123456789=tenant:acme,service-token-0123456789=service:ingest")
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	json := map[string]string{"Content-Type": "application/json"}

	if res, _ := do(t, c, "GET", ts.URL+"/api/workflows", "", nil); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("API without a session: %d, want 401", res.StatusCode)
	}
	if res, _ := do(t, c, "POST", ts.URL+"/api/session", `{"token":"wrong-token-0123456789"}`, json); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("unknown token: %d, want 401", res.StatusCode)
	}
	if res, _ := do(t, c, "POST", ts.URL+"/api/session", `{"token":"service-token-0123456789"}`, json); res.StatusCode != http.StatusForbidden {
		t.Fatalf("service token: %d, want 403", res.StatusCode)
	}
	if res, _ := do(t, c, "POST", ts.URL+"/api/session", `{"token":"tenant-token-0123456789"}`, map[string]string{"Content-Type": "text/plain"}); res.StatusCode != http.StatusUnsupportedMediaType {
		t.Fatalf("form-encoded sign-in: %d, want 415", res.StatusCode)
	}
	res, body := do(t, c, "POST", ts.URL+"/api/session", `{"token":"tenant-token-0123456789"}`, json)
	if res.StatusCode != http.StatusOK || !strings.Contains(body, `"tenant":"acme"`) {
		t.Fatalf("sign-in: %d %s", res.StatusCode, body)
	}
	ck := res.Header.Get("Set-Cookie")
	for _, want := range []string{"HttpOnly", "SameSite=Strict", cookieName + "="} {
		if !strings.Contains(ck, want) {
			t.Errorf("cookie %q lacks %s", ck, want)
		}
	}
	if strings.Contains(ck, "Secure") {
		t.Errorf("cookie %q is Secure over plain HTTP in a test without TLS", ck)
	}
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("CSP %q", csp)
	}
	// A write without the CSRF token is refused before it reaches any API.
	if res, body := do(t, c, "POST", ts.URL+"/api/workflows/x/cancel", `{"reason":"r"}`, json); res.StatusCode != http.StatusForbidden || !strings.Contains(body, "CSRF") {
		t.Fatalf("cancel without CSRF token: %d %s, want 403", res.StatusCode, body)
	}
	// A cross-site write is refused even with the token.
	if res, _ := do(t, c, "POST", ts.URL+"/api/workflows/x/cancel", `{"reason":"r"}`, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}); res.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-site cancel: %d, want 403", res.StatusCode)
	}
	if res, _ := do(t, c, "POST", ts.URL+"/api/session/end", `{}`, json); res.StatusCode != http.StatusForbidden {
		t.Fatalf("sign-out without CSRF: %d, want 403", res.StatusCode)
	}
}

func TestSignInThrottled(t *testing.T) {
	ts, _ := newTestServer(t, "operator-token-0123456789=operator:jane")
	json := map[string]string{"Content-Type": "application/json"}
	for range 10 {
		do(t, http.DefaultClient, "POST", ts.URL+"/api/session", `{"token":"wrong-token-0123456789"}`, json)
	}
	if res, _ := do(t, http.DefaultClient, "POST", ts.URL+"/api/session", `{"token":"operator-token-0123456789"}`, json); res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("after 10 failures: %d, want 429", res.StatusCode)
	}
}

func TestOpenModeAnswersLoopbackHostsOnly(t *testing.T) {
	ts, _ := newTestServer(t, "")
	res, _ := do(t, http.DefaultClient, "GET", ts.URL+"/", "", map[string]string{})
	if res.StatusCode != http.StatusOK {
		t.Fatalf("index on loopback: %d", res.StatusCode)
	}
	req, _ := http.NewRequest("GET", ts.URL+"/", nil)
	req.Host = "evil.example"
	r2, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	r2.Body.Close()
	if r2.StatusCode != http.StatusMisdirectedRequest {
		t.Fatalf("rebinding Host: %d, want 421", r2.StatusCode)
	}
}

func TestQuantileFromBuckets(t *testing.T) {
	// 100 observations: 50 under 1s, 90 under 2s, all under 4s.
	b := map[float64]float64{1: 50, 2: 90, 4: 100}
	if got := quantile(b, 100, 0.5); got != 1 {
		t.Errorf("p50 = %v, want 1", got)
	}
	if got := quantile(b, 100, 0.95); got != 3 {
		t.Errorf("p95 = %v, want 3 (halfway through the 2..4 bucket)", got)
	}
}

func TestParseTargets(t *testing.T) {
	got, err := ParseTargets("ingest=http://127.0.0.1:9101/metrics, ocr=http://127.0.0.1:9102/metrics")
	if err != nil || len(got) != 2 || got[1].Service != "ocr" {
		t.Fatalf("got %+v, %v", got, err)
	}
	if _, err := ParseTargets("ingest=ftp://x"); err == nil {
		t.Error("ftp URL accepted")
	}
}

// TestLedgerCheckVerifiesTheSignature checks the workflow page's verdict on
// a ledger record: its Ed25519 signature under the key ring, the key's
// validity window, a forged signature, an unknown key, and no key ring.
func TestLedgerCheckVerifiesTheSignature(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	keyID := ledgerchain.KeyID(pub)
	hash := bytes.Repeat([]byte{0xab}, 32)
	at := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	record := func(sig []byte, keyID string) map[string]any {
		return map[string]any{"signature": hex.EncodeToString(sig), "key_id": keyID, "prev_hash": "00ff", "recorded_at": at.Format(time.RFC3339Nano)}
	}
	ref := &LedgerRef{RecordHash: hex.EncodeToString(hash)}
	ring := ledgerchain.PublicKeys{}
	ring.Add(pub)
	retired := ledgerchain.PublicKeys{}
	retired.AddKey(ledgerchain.PublicKey{Key: pub, NotAfter: at.Add(-time.Hour)})
	forged := ed25519.Sign(priv, []byte("another record"))
	for _, c := range []struct {
		name   string
		rec    map[string]any
		keys   ledgerchain.PublicKeys
		ok     bool
		phrase string
	}{
		{"verifies", record(ed25519.Sign(priv, hash), keyID), ring, true, "Ed25519 signature verifies under key " + keyID},
		{"forged", record(forged, keyID), ring, false, "SIGNATURE DOES NOT VERIFY"},
		{"unknown key", record(ed25519.Sign(priv, hash), "other"), ring, false, "not among the 1 trusted keys"},
		{"retired key", record(ed25519.Sign(priv, hash), keyID), retired, false, "outside the window"},
		{"unreadable key ring", record(ed25519.Sign(priv, hash), keyID), ledgerchain.PublicKeys{}, false, "not among the 0 trusted keys"},
		{"no key ring", record(ed25519.Sign(priv, hash), keyID), nil, false, "signature not checked"},
	} {
		got := ledgerCheck(ref, c.rec, hex.EncodeToString(hash), c.keys)
		if got["ok"] != c.ok || !strings.Contains(got["words"].(string), c.phrase) {
			t.Errorf("%s: %v, want ok=%v and %q", c.name, got, c.ok, c.phrase)
		}
	}
}

// TestSessionsAcrossReplicas checks the sealed session cookie: a replica
// with the same key opens it, one with another key or a tampered cookie
// does not, a token taken out of the principals file ends the session at
// once, sign-out and expiry end it, and activity extends it.
func TestSessionsAcrossReplicas(t *testing.T) {
	const tokens = "operator-token-0123456789=operator:jane"
	key := bytes.Repeat([]byte{7}, 32)
	var mu sync.Mutex
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	a, _ := newTestServerWith(t, tokens, key, clock)
	b, _ := newTestServerWith(t, tokens, key, clock)
	other, _ := newTestServerWith(t, tokens, bytes.Repeat([]byte{8}, 32), clock)
	revoked, _ := newTestServerWith(t, "operator-token-9876543210=operator:jane", key, clock)
	cookie := signIn(t, a.URL, "operator-token-0123456789")
	if cookie == nil || strings.Contains(cookie.Value, "operator-token") {
		t.Fatalf("session cookie %v: missing, or the token shows in it", cookie)
	}
	me := func(base string, c *http.Cookie) (int, *http.Cookie) {
		t.Helper()
		res, _ := do(t, http.DefaultClient, "GET", base+"/api/session", "", map[string]string{"Cookie": c.Name + "=" + c.Value})
		for _, n := range res.Cookies() {
			if n.Name == cookieName {
				return res.StatusCode, n
			}
		}
		return res.StatusCode, nil
	}
	if code, _ := me(b.URL, cookie); code != http.StatusOK {
		t.Errorf("another replica with the same key: %d, want 200", code)
	}
	if code, _ := me(other.URL, cookie); code != http.StatusUnauthorized {
		t.Errorf("a replica with another key: %d, want 401", code)
	}
	if code, _ := me(revoked.URL, cookie); code != http.StatusUnauthorized {
		t.Errorf("the token no longer in the principals file: %d, want 401", code)
	}
	raw, _ := base64.RawURLEncoding.DecodeString(cookie.Value)
	raw[len(raw)-1] ^= 1
	if code, _ := me(a.URL, &http.Cookie{Name: cookieName, Value: base64.RawURLEncoding.EncodeToString(raw)}); code != http.StatusUnauthorized {
		t.Errorf("a tampered cookie: %d, want 401", code)
	}
	// Activity extends the session (a new cookie once a minute); without it,
	// the session ends after its lifetime.
	advance(50 * time.Minute)
	code, fresh := me(b.URL, cookie)
	if code != http.StatusOK || fresh == nil {
		t.Fatalf("after 50 minutes of an hour: %d, new cookie %v", code, fresh)
	}
	advance(20 * time.Minute)
	if code, _ := me(a.URL, cookie); code != http.StatusUnauthorized {
		t.Errorf("the first cookie after 70 minutes: %d, want 401", code)
	}
	if code, _ := me(a.URL, fresh); code != http.StatusOK {
		t.Errorf("the extended cookie 20 minutes after: %d, want 200", code)
	}
	// Sign-out ends it on the replica that took it.
	_, who := do(t, http.DefaultClient, "GET", a.URL+"/api/session", "", map[string]string{"Cookie": fresh.Name + "=" + fresh.Value})
	csrf := who[strings.Index(who, `"csrf":"`)+8:]
	csrf = csrf[:strings.Index(csrf, `"`)]
	if res, body := do(t, http.DefaultClient, "POST", a.URL+"/api/session/end", `{}`, map[string]string{"Content-Type": "application/json", "X-CSRF-Token": csrf, "Cookie": fresh.Name + "=" + fresh.Value}); res.StatusCode != http.StatusOK {
		t.Fatalf("sign-out: %d %s", res.StatusCode, body)
	}
	if code, _ := me(a.URL, fresh); code != http.StatusUnauthorized {
		t.Errorf("after sign-out: %d, want 401", code)
	}
}

// TestSignInRefusedWhenAPIsAreOpen: the console forwards each person's
// token and leaves tenant scope to the APIs, so it signs nobody in while
// an API behind it answers without a credential (a tenant would see every
// tenant's workflows): found from outside with only the console given
// principals.
func TestSignInRefusedWhenAPIsAreOpen(t *testing.T) {
	const tokens = "tenant-token-0123456789=tenant:acme"
	open := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNotFound) }))
	t.Cleanup(open.Close)
	throttled := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTooManyRequests) }))
	t.Cleanup(throttled.Close)
	jsonHdr := map[string]string{"Content-Type": "application/json"}
	for _, c := range []struct {
		name    string
		tracker trackerv1.TrackerClient
		apis    string
		code    int
		says    string
	}{
		{"open tracker", closedTracker{}, closedAPIs(t), http.StatusServiceUnavailable, "saga tracker answers without a credential"},
		{"open HTTP APIs", closedTracker{err: status.Error(codes.Unauthenticated, "no credential")}, open.URL, http.StatusServiceUnavailable, "answers 404 without a credential"},
		{"unreachable tracker: no leak, asked again later", closedTracker{err: status.Error(codes.Unavailable, "connection refused")}, closedAPIs(t), http.StatusOK, `"tenant":"acme"`},
		{"unreachable HTTP APIs", closedTracker{err: status.Error(codes.Unauthenticated, "no credential")}, "http://127.0.0.1:1", http.StatusOK, `"tenant":"acme"`},
		{"every API checks credentials", closedTracker{err: status.Error(codes.Unauthenticated, "no credential")}, closedAPIs(t), http.StatusOK, `"tenant":"acme"`},
		// Found from outside: a throttled API (429) is no open one.
		{"throttled HTTP APIs: asked again later", closedTracker{err: status.Error(codes.Unauthenticated, "no credential")}, throttled.URL, http.StatusOK, `"tenant":"acme"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts, _ := newTestServerOn(t, tokens, nil, time.Now, c.tracker, c.apis)
			res, body := do(t, http.DefaultClient, "POST", ts.URL+"/api/session", `{"token":"tenant-token-0123456789"}`, jsonHdr)
			if res.StatusCode != c.code || !strings.Contains(body, c.says) {
				t.Errorf("sign-in: %d %s, want %d saying %q", res.StatusCode, body, c.code, c.says)
			}
		})
	}
}

// The text view shows what the classifier's rules read, masked as they
// mask it, and says the text goes on: a text of megabytes is not run
// through the detectors whole on every view.
func TestTextViewShowsWhatTheRulesRead(t *testing.T) {
	line := "Refund to IBAN DE89 3704 0044 0532 0130 00: EUR 12.50\n"
	long := strings.Repeat(line, 3<<20/len(line))
	apis := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Header.Get("Authorization") == "":
			w.WriteHeader(http.StatusUnauthorized)
		case r.URL.Path == "/v1/workflows/wf-long/text":
			_, _ = io.WriteString(w, long)
		case r.URL.Path == "/v1/workflows/wf-long/document":
			_, _ = fmt.Fprintf(w, `{"workflow_id":"wf-long","text_size":%d}`, len(long))
		case r.URL.Path == "/v1/workflows/wf-short/text":
			_, _ = io.WriteString(w, line)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(apis.Close)
	ts, _ := newTestServerOn(t, "operator-token-0123456789=operator:jane", nil, time.Now, closedTracker{err: status.Error(codes.Unauthenticated, "no credential")}, apis.URL)
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	if res, body := do(t, c, "POST", ts.URL+"/api/session", `{"token":"operator-token-0123456789"}`, map[string]string{"Content-Type": "application/json"}); res.StatusCode != http.StatusOK {
		t.Fatalf("sign-in: %d %s", res.StatusCode, body)
	}
	for _, tc := range []struct {
		wf        string
		truncated bool
		size      int
	}{{"wf-short", false, 0}, {"wf-long", true, len(long)}} {
		res, body := do(t, c, "GET", ts.URL+"/api/workflows/"+tc.wf+"/text", "", nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", tc.wf, res.StatusCode, body)
		}
		var got struct {
			Pages     [][]Segment `json:"pages"`
			Truncated bool        `json:"truncated"`
			TextBytes int         `json:"text_bytes"`
		}
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatal(err)
		}
		shown, masked := 0, 0
		for _, p := range got.Pages {
			for _, s := range p {
				shown += strings.Count(s.Text, "\n")
				if s.Kind == "pii.iban" {
					masked++
				}
			}
		}
		if got.Truncated != tc.truncated || shown > layout.MaxRuleBytes/len(line) || masked != shown || strings.Contains(body, "0532 0130") {
			t.Errorf("%s: truncated=%v, %d lines shown, %d IBANs masked; want truncated=%v, at most %d lines, every IBAN masked",
				tc.wf, got.Truncated, shown, masked, tc.truncated, layout.MaxRuleBytes/len(line))
		}
		if got.TextBytes != tc.size {
			t.Errorf("%s: text_bytes %d, want %d (the whole text's size, said only when it goes on)", tc.wf, got.TextBytes, tc.size)
		}
	}
}

// TestLedgerOffsetLeftOutWhenUnknown: the tracker's -1 (a disposition's
// confirmation cannot name its record's offset) is no offset (found from
// outside: the workflow's JSON said "offset": -1).
func TestLedgerOffsetLeftOutWhenUnknown(t *testing.T) {
	for _, c := range []struct {
		offset int64
		want   string
	}{{-1, `{"topic":"docket.ledger","partition":5,"sequence":5,"record_hash":"ab"}`}, {8, `{"topic":"docket.ledger","partition":5,"offset":8,"sequence":5,"record_hash":"ab"}`}} {
		w := workflowOf(&trackerv1.Workflow{Ledger: &trackerv1.LedgerRef{Topic: "docket.ledger", Partition: 5, Offset: c.offset, Sequence: 5, RecordHash: "ab"}})
		b, err := json.Marshal(w.Ledger)
		if err != nil || string(b) != c.want {
			t.Errorf("offset %d: %s, %v; want %s", c.offset, b, err, c.want)
		}
	}
}

// TestSessionNamesTheActor: the page learns the name the tracker records
// for its claims — the principal's, or "unauthenticated:anonymous" in the
// embedded mode — so that it knows a claim as its own (found from outside:
// the local operator claimed a task and could never decide it).
func TestSessionNamesTheActor(t *testing.T) {
	json := map[string]string{"Content-Type": "application/json"}
	for _, tt := range []struct{ tokens, token, want string }{
		{"", "", `"actor":"unauthenticated:anonymous"`},
		{"reviewer-token-0123456789=reviewer:alice", "reviewer-token-0123456789", `"actor":"alice"`},
	} {
		ts, _ := newTestServer(t, tt.tokens)
		jar, _ := cookiejar.New(nil)
		c := &http.Client{Jar: jar}
		res, body := do(t, c, "POST", ts.URL+"/api/session", `{"token":"`+tt.token+`"}`, json)
		if res.StatusCode != http.StatusOK || !strings.Contains(body, tt.want) {
			t.Errorf("tokens %q: sign-in %d %s; want %s", tt.tokens, res.StatusCode, body, tt.want)
		}
	}
}

// TestCurrentRecordFollowsACorrection: after a correction the workflow's
// recorded event names the correction's hash, which the ledger's answer
// holds in its lineage: that record is shown and checked, not the first
// (found from outside: a false MISMATCH beside the old decision).
func TestCurrentRecordFollowsACorrection(t *testing.T) {
	first := map[string]any{"hash": "aa01", "decision": map[string]any{"document_type": "other"}}
	correction := map[string]any{"hash": "cc05", "decision": map[string]any{"document_type": "contract"}}
	ans := map[string]any{"hash": "aa01", "decision": first["decision"], "lineage": []any{first, map[string]any{"hash": "bb04"}, correction}}
	if got := currentRecord(ans, "CC05"); got["hash"] != "cc05" {
		t.Errorf("after a correction: record %v, want the correction's", got["hash"])
	}
	if got := currentRecord(ans, "aa01"); got["hash"] != "aa01" || got["lineage"] == nil {
		t.Errorf("before any: record %v, want the answer itself", got["hash"])
	}
	if got := currentRecord(ans, "ffff"); got["hash"] != "aa01" {
		t.Errorf("a hash no record has: record %v, want the first, for the check to report", got["hash"])
	}
}
