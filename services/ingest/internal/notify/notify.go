// Package notify delivers completion callbacks: when a workflow ends, a
// signed POST to its callback URL with its id, status and a link to its
// result — never the document or its text; when the ledger records a
// correction of it, another with status corrected. Deliveries are scheduled in a
// Redis sorted set (store.ClaimDue), so retries survive restarts; a
// callback that keeps failing is given up after MaxAttempts and never
// changes the workflow's result, which stays available by polling.
package notify

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/docket-run/docket/services/ingest/internal/store"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// SignatureHeader carries t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">,
// one v1 per callback secret of the tenant (two during a rotation).
const SignatureHeader = "Docket-Signature"

// Sign returns the signature header value of body at t: a v1 signature
// under each secret, in order.
func Sign(secrets []string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	out := "t=" + ts
	for _, secret := range secrets {
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write([]byte(ts))
		mac.Write([]byte("."))
		mac.Write(body)
		out += ",v1=" + hex.EncodeToString(mac.Sum(nil))
	}
	return out
}

// Payload is the body of a callback.
type Payload struct {
	WorkflowID string `json:"workflow_id"`
	TenantID   string `json:"tenant_id"`
	Status     string `json:"status"`
	Stage      string `json:"stage"`
	ResultURL  string `json:"result_url"`
	ErrorCode  string `json:"error_code,omitempty"`
	// DocumentType and Sequence say, on a corrected callback, which type
	// the correction gave the document and its ledger record's sequence:
	// each correction has its own callback, told apart by Sequence.
	DocumentType string `json:"document_type,omitempty"`
	Sequence     int64  `json:"sequence,omitempty"`
	SentAt       string `json:"sent_at"`
}

// Deliverer sends the due callbacks.
type Deliverer struct {
	Store       *store.Store
	Tenants     *submit.Tenants
	Client      *http.Client
	Log         *slog.Logger
	ResultURL   func(wf string) string
	Poll        time.Duration // how often the schedule is read
	Backoff     time.Duration // wait after the first failure, doubling
	MaxBackoff  time.Duration
	MaxAttempts int
	// Concurrency is how many callbacks are in flight at once; default 16.
	Concurrency int
	Now         func() time.Time
}

// Run delivers until ctx ends: every Poll it claims the callbacks due, up
// to the free delivery slots, and sends each on its own goroutine, at most
// Concurrency (default 16) at once. A slow receiver holds up no other
// tenant's callbacks, and a claimed callback is sent within its own 10s
// timeout, well inside the claim's lease (one at a time, a claimed batch
// of 16 could outlast it and be sent twice).
func (d *Deliverer) Run(ctx context.Context) {
	n := d.Concurrency
	if n <= 0 {
		n = 16
	}
	slots := make(chan struct{}, n)
	var wg sync.WaitGroup
	defer wg.Wait()
	t := time.NewTicker(d.Poll)
	defer t.Stop()
	for {
		if err := d.claimAndSend(ctx, slots, &wg); err != nil && ctx.Err() == nil {
			d.Log.WarnContext(ctx, "callback delivery round failed", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// lease keeps a claimed delivery from other replicas while it is sent.
const lease = time.Minute

// claimAndSend claims due callbacks while slots are free and sends each on
// a goroutine holding a slot.
func (d *Deliverer) claimAndSend(ctx context.Context, slots chan struct{}, wg *sync.WaitGroup) error {
	for {
		free := cap(slots) - len(slots) // only this goroutine takes slots
		if free == 0 {
			return nil
		}
		ids, err := d.Store.ClaimDue(ctx, d.Now(), lease, free)
		if err != nil || len(ids) == 0 {
			return err
		}
		for _, wf := range ids {
			slots <- struct{}{}
			wg.Add(1)
			go func() {
				defer func() {
					<-slots
					wg.Done()
				}()
				// A Redis error leaves the claim to expire: the callback is
				// claimed again after the lease.
				if err := d.deliver(ctx, wf); err != nil && ctx.Err() == nil {
					d.Log.WarnContext(ctx, "callback delivery failed", "workflow_id", wf, "error", err)
				}
			}()
		}
	}
}

// deliver makes one attempt; it returns only Redis errors.
func (d *Deliverer) deliver(ctx context.Context, wf string) error {
	m, err := d.Store.Status(ctx, wf)
	if errors.Is(err, store.ErrNotFound) {
		return d.Store.FinishCallback(ctx, wf, "failed", "workflow status expired", d.Now())
	}
	if err != nil {
		return err
	}
	tn, ok := d.Tenants.Get(m["tenant_id"])
	if !ok || len(tn.Secrets()) == 0 || m["callback_url"] == "" {
		return d.Store.FinishCallback(ctx, wf, "failed", "tenant unknown or without callback secret", d.Now())
	}
	n, err := d.Store.CallbackAttempt(ctx, wf)
	if err != nil {
		return err
	}
	now := d.Now()
	p := Payload{WorkflowID: wf, TenantID: tn.ID, Status: m["status"], Stage: m["stage"], ResultURL: d.ResultURL(wf), SentAt: now.UTC().Format(time.RFC3339Nano)}
	if s := m["cb_status"]; s != "" {
		p.Status = s // a follow-up callback: corrected, reversed
	}
	if p.Status == store.StatusCorrected {
		p.DocumentType = m["cb_document_type"]
		p.Sequence, _ = strconv.ParseInt(m["cb_sequence"], 10, 64)
	}
	if p.Status != store.StatusCompleted && p.Status != store.StatusCorrected {
		p.ErrorCode = m["error_code"] // a completed workflow may have been parked on the way
	}
	body, _ := json.Marshal(p)
	sendErr := d.send(ctx, m["callback_url"], Sign(tn.Secrets(), now, body), body)
	log := d.Log.With("workflow_id", wf, "attempt", n)
	switch {
	case sendErr == nil:
		log.InfoContext(ctx, "callback delivered")
		return d.Store.FinishCallback(ctx, wf, "delivered", "", now)
	case n >= d.MaxAttempts || errors.Is(sendErr, ErrBlockedAddress):
		log.WarnContext(ctx, "callback given up; the result stays available by polling", "error", sendErr)
		return d.Store.FinishCallback(ctx, wf, "failed", tenantError(sendErr), now)
	default:
		wait := d.backoff(n)
		log.InfoContext(ctx, "callback failed; retrying", "error", sendErr, "in", wait)
		return d.Store.RescheduleCallback(ctx, wf, tenantError(sendErr), now.Add(wait))
	}
}

// backoff after failed attempt n: Backoff·2^(n-1) capped at MaxBackoff,
// half of it jittered.
func (d *Deliverer) backoff(n int) time.Duration {
	b := d.Backoff
	for i := 1; i < n && b < d.MaxBackoff; i++ {
		b *= 2
	}
	b = min(b, d.MaxBackoff)
	return b/2 + time.Duration(rand.Int64N(int64(b/2)+1))
}

func (d *Deliverer) send(ctx context.Context, url, sig string, body []byte) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("build callback request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(SignatureHeader, sig)
	req.Header.Set("User-Agent", "docket-ingest")
	resp, err := d.Client.Do(req)
	if err != nil {
		return fmt.Errorf("post callback: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return answeredError{status: resp.StatusCode}
	}
	return nil
}

// answeredError is a callback the receiver answered with a status other
// than 2xx.
type answeredError struct{ status int }

func (e answeredError) Error() string {
	return fmt.Sprintf("callback answered %d %s", e.status, http.StatusText(e.status))
}

// tenantError is what the tenant is shown of a failed callback (its
// status's last_error): the receiver's answer, or that the address is not
// public, or only that it could not be delivered. Which address refused
// the connection, reset it or timed out stays in the log: shown to the
// tenant, it let a callback URL probe hosts and ports.
func tenantError(err error) string {
	var ans answeredError
	switch {
	case errors.As(err, &ans):
		return ans.Error()
	case errors.Is(err, ErrBlockedAddress):
		return ErrBlockedAddress.Error()
	}
	return "callback could not be delivered"
}
