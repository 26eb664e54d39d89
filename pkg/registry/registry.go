package registry

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/sr"
	"github.com/twmb/franz-go/pkg/sr/srfake"
)

// Option configures a Registry.
type Option func(*config)

type config struct {
	defaultLevel sr.CompatibilityLevel
	logger       *slog.Logger
}

func defaults() config {
	return config{
		defaultLevel: sr.CompatBackward,
		logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
}

// DefaultCompatibility sets the global compatibility level used until one is
// set through PUT /config, and again after DELETE /config. Default BACKWARD.
func DefaultCompatibility(level sr.CompatibilityLevel) Option {
	return func(c *config) { c.defaultLevel = level }
}

// WithLogger sets the logger for the few things worth reporting, such as a
// torn last line dropped from the log on start. Default: discard.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) { c.logger = l }
}

// Registry is a persistent, compatibility-enforcing schema registry that
// serves the Confluent REST API. Its methods are safe for concurrent use.
type Registry struct {
	cfg     config
	fake    *srfake.Registry
	handler http.Handler
	srv     *http.Server

	// mu serializes every change: the checks, the change applied to fake
	// and the line appended to the log happen as one step.
	mu     sync.Mutex
	log    *logFile
	failed error // set once a log append failed; refuses further changes
	closed bool
}

// New opens (creating if needed) the registry stored in dataDir and replays
// it. The returned Registry answers through Handler right away; Serve serves
// it on a listener. Close releases dataDir.
func New(dataDir string, opts ...Option) (*Registry, error) {
	cfg := defaults()
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.defaultLevel.String() == "" {
		return nil, fmt.Errorf("registry: invalid default compatibility level %d", cfg.defaultLevel)
	}
	if cfg.logger == nil {
		return nil, errors.New("registry: nil logger")
	}
	if dataDir == "" {
		return nil, errors.New("registry: empty data directory")
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return nil, fmt.Errorf("registry: create data directory: %w", err)
	}

	r := &Registry{
		cfg:  cfg,
		fake: srfake.NewRegistry(srfake.WithGlobalCompat(cfg.defaultLevel)),
	}
	lf, records, err := openLog(dataDir, cfg.logger)
	if err != nil {
		return nil, err
	}
	if err := r.replay(records); err != nil {
		_ = lf.close()
		return nil, fmt.Errorf("registry: replay %s: %w", lf.path, err)
	}
	r.log = lf
	r.handler = r.routes()
	r.srv = &http.Server{
		Handler:           r.handler,
		ReadHeaderTimeout: 10 * time.Second,
	}
	return r, nil
}

// Handler returns the HTTP handler serving the Confluent REST API.
func (r *Registry) Handler() http.Handler { return r.handler }

// Serve serves the registry on l until Close. It returns nil after Close.
func (r *Registry) Serve(l net.Listener) error {
	err := r.srv.Serve(l)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Close stops serving, closing listeners and connections, waits for a change
// in progress to be logged and releases the data directory. Later changes
// through Handler fail with HTTP 500.
func (r *Registry) Close() error {
	srvErr := r.srv.Close()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return srvErr
	}
	r.closed = true
	return errors.Join(srvErr, r.log.close())
}
