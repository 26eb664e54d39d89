package app

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"go.opentelemetry.io/otel/trace"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/quota"
	"github.com/docket-run/docket/pkg/ratelimit"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/services/ingest/internal/handler"
	"github.com/docket-run/docket/services/ingest/internal/inbox"
	"github.com/docket-run/docket/services/ingest/internal/notify"
	"github.com/docket-run/docket/services/ingest/internal/publish"
	"github.com/docket-run/docket/services/ingest/internal/server"
	"github.com/docket-run/docket/services/ingest/internal/store"
	"github.com/docket-run/docket/services/ingest/internal/submit"
	"github.com/docket-run/docket/services/ingest/internal/tracking"
)

// App is a running ingest: its goroutines end when the Start context ends.
type App struct {
	Addr      string // where the HTTP API listens
	Store     *store.Store
	Submit    *submit.Service
	Deliverer *notify.Deliverer
	wg        sync.WaitGroup
}

// Start opens what ingest needs, registers its handlers on rt and starts
// the HTTP API, the inbox (when configured) and the callback deliverer,
// all bound to ctx.
func Start(ctx context.Context, cfg Config, d *service.Deps, rt *bus.Runtime, version string) (*App, error) {
	var tenants *submit.Tenants
	dev := cfg.TenantsFile == ""
	if dev {
		tenants = submit.DevTenants()
		d.Log.Warn("DOCKET_INGEST_TENANTS_FILE is not set: EMBEDDED MODE, accepting the built-in dev tenant \"demo\" with API key \"demo-key\". Never run this in production.")
	} else {
		key, err := serverKey(d.Platform.AuthKeyFile)
		if err != nil {
			return nil, err
		}
		if tenants, err = submit.LoadTenants(cfg.TenantsFile, key, d.Log); err != nil {
			return nil, err
		}
	}
	tlsCfg, err := cfg.TLS().Config(d.Log)
	if err != nil {
		return nil, fmt.Errorf("ingest TLS: %w", err)
	}
	allow, err := cfg.CallbackAllowPrefixes()
	if err != nil {
		return nil, fmt.Errorf("DOCKET_INGEST_CALLBACK_ALLOW_NETS: %w", err)
	}
	var inboxTenant submit.Tenant
	if cfg.InboxDir != "" {
		t, ok := tenants.Get(cfg.InboxTenant)
		if !ok {
			return nil, fmt.Errorf("DOCKET_INGEST_INBOX_TENANT %q is not a known tenant", cfg.InboxTenant)
		}
		inboxTenant = t
	}
	quotas, err := quota.Parse(d.Platform.TenantQuotas)
	if err != nil {
		return nil, fmt.Errorf("DOCKET_TENANT_QUOTAS: %w", err)
	}
	blobs, err := blob.Open(ctx, d.Platform.BlobURL, blob.MaxSize(cfg.MaxBytes))
	if err != nil {
		return nil, fmt.Errorf("open blob store: %w", err)
	}
	pub, err := publish.New(d.Kafka, d.Serde, cfg.PublishTimeout)
	if err != nil {
		_ = blobs.Close()
		return nil, err
	}
	var tracker *tracking.Client
	if cfg.Tracker.Client.Addr != "" {
		if tracker, err = tracking.Dial(tracking.Config(cfg.Tracker), d.Log); err != nil {
			pub.Close()
			_ = blobs.Close()
			return nil, err
		}
		d.Log.Info("status read from the saga tracker", "tracker_addr", cfg.Tracker.Client.Addr)
	}
	// release closes what is open so far, on a failure below and at
	// shutdown.
	release := func() {
		pub.Close()
		_ = blobs.Close()
		if tracker != nil {
			_ = tracker.Close()
		}
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		release()
		return nil, fmt.Errorf("listen on DOCKET_INGEST_ADDR %s: %w", cfg.Addr, err)
	}
	// The dev tenant's key is public: it is no authentication. The
	// warning says so, since the API does ask for that key (found from
	// outside: a request without one was refused while the log said the
	// API ran without authentication).
	if err := auth.CheckExposure(d.Log, "ingest's submission API (its one key, the dev tenant's \"demo-key\", is published)", ln.Addr(), !dev, d.Platform.Insecure, "set DOCKET_INGEST_TENANTS_FILE"); err != nil {
		_ = ln.Close()
		release()
		return nil, err
	}
	auth.WarnCleartext(d.Log, "ingest's submission API", ln.Addr(), !dev, tlsCfg != nil, "set DOCKET_INGEST_TLS_CERT and _TLS_KEY")
	a := &App{Addr: ln.Addr().String()}
	if tlsCfg != nil {
		ln = tls.NewListener(ln, tlsCfg)
	}
	publicURL := cfg.PublicURL
	if publicURL == "" {
		publicURL = "http://" + a.Addr
		if tlsCfg != nil {
			publicURL = "https://" + a.Addr
		}
	}
	a.Store = store.New(d.Redis, cfg.IdempotencyTTL, cfg.StatusTTL)
	// With a tracker, the tracker is the source of progress: the view
	// consumes only what ingest's own side effects and its APIs need, and
	// the submission record is written when a submission is accepted.
	tracked := tracker != nil
	view := &handler.View{Tracked: tracked, Store: a.Store, Blobs: blobs, Decoder: d.Serde, Now: time.Now}
	a.Submit = submit.New(submit.Config{
		MaxBytes: cfg.MaxBytes, DefaultDeadline: cfg.DefaultDeadline, Version: version,
		Limiter: ratelimit.New(d.Redis, "docket:rate:ingest:"), Quotas: quota.New(d.Redis, quotas),
		RecordFirst: tracked, UnsyncedAdopt: true, Tracer: tracer(d),
	}, tenants, a.Store, blobs, pub, view)
	// The documents a batch of requests adopted (UnsyncedAdopt) are
	// synced once, before its submitted events commit: one syncfs instead
	// of two fsyncs a document.
	if err := rt.Configure(bus.BeforeCommit(blobs.Sync)); err != nil {
		_ = ln.Close()
		release()
		return nil, err
	}
	view.Register(rt)
	requests := &handler.Requests{Submit: a.Submit, Store: a.Store, Now: time.Now}
	if tracked {
		requests.Recorder = view
	}
	requests.Register(rt)

	srv := &server.Server{Submit: a.Submit, Store: a.Store, Log: d.Log, PublicURL: publicURL, PollInterval: cfg.EventsPoll,
		Uploads: server.NewUploads(cfg.MaxUploads, cfg.MaxTenantUploads), UploadTimeout: cfg.UploadTimeout, Now: time.Now,
		Logins: &server.Logins{Limiter: ratelimit.New(d.Redis, "docket:login:ingest:"), Redis: d.Redis, Rate: cfg.LoginRate()}}
	if tracker != nil {
		srv.Tracker = tracker
	}
	readers, err := auth.Load(auth.Settings{File: cfg.TokensFile, Inline: cfg.Tokens, KeyFile: d.Platform.AuthKeyFile, Log: d.Log})
	if err != nil {
		_ = ln.Close()
		release()
		return nil, fmt.Errorf("ingest document readers (DOCKET_INGEST_TOKENS_FILE): %w", err)
	}
	// Without a tenants file (the embedded mode) ingest answers loopback
	// Host names only, and a request without a credential reads documents
	// as the local operator, as it does on the tracker's open API.
	srv.Content = &server.Content{Blobs: blobs, Principals: readers, Open: dev && readers == nil, Pdftoppm: cfg.PdftoppmBin, RenderTimeout: cfg.RenderTimeout}
	h := srv.Handler()
	if dev {
		h = auth.LoopbackOnly(h)
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	a.Deliverer = &notify.Deliverer{
		Store: a.Store, Tenants: tenants, Client: notify.NewClient(allow, 15*time.Second), Log: d.Log,
		ResultURL: srv.StatusURL, Poll: cfg.CallbackPoll, Backoff: cfg.CallbackBackoff, MaxBackoff: cfg.CallbackMaxBackoff,
		MaxAttempts: cfg.CallbackMaxAttempts, Now: time.Now,
	}
	a.wg.Go(func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			d.Log.Error("HTTP API stopped", "error", err)
		}
	})
	a.wg.Go(func() { a.Deliverer.Run(ctx) })
	if cfg.InboxDir != "" {
		ib := &inbox.Inbox{Dir: cfg.InboxDir, Tenant: inboxTenant, Submit: a.Submit, Poll: cfg.InboxPoll, Log: d.Log}
		a.wg.Go(func() {
			if err := ib.Run(ctx); err != nil {
				d.Log.Error("inbox stopped", "error", err)
			}
		})
		d.Log.Info("inbox watched", "dir", cfg.InboxDir, "tenant", cfg.InboxTenant)
	}
	a.wg.Go(func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
		release()
	})
	d.Log.Info("ingest API listening", "addr", a.Addr, "max_bytes", cfg.MaxBytes)
	return a, nil
}

// serverKey reads the key the tenants' api_key_hmacs are made with, or
// makes a random one when none is configured (then only api_key_sha256
// entries, the earlier format, can match).
func serverKey(file string) ([]byte, error) {
	if file == "" {
		k := make([]byte, auth.MinKeyLen)
		_, _ = rand.Read(k) // never fails (crypto/rand)
		return k, nil
	}
	return auth.LoadKey(file)
}

// Wait blocks until every goroutine of the app has ended (after its
// context ended).
func (a *App) Wait() { a.wg.Wait() }

// tracer is the tracer of the spans ingest starts for submissions (nil:
// none).
func tracer(d *service.Deps) trace.Tracer {
	if d.Tracer == nil {
		return nil
	}
	return d.Tracer.Tracer("ingest")
}
