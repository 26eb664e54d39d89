package app

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"testing"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/service"
)

// TestDevTenantRefusedOffLoopback (issue 15, finding 1, ingest's part):
// without a tenants file ingest accepts the public dev key "demo-key",
// which authenticates no one: on every interface it refuses to start
// unless DOCKET_INSECURE (on loopback it starts and answers only loopback
// Host names: TestDevModeAnswersLoopbackHostsOnly).
func TestDevTenantRefusedOffLoopback(t *testing.T) {
	start := func(addr string, insecure bool) (*App, error) {
		cfg, err := LoadConfig()
		if err != nil {
			t.Fatal(err)
		}
		cfg.Addr = addr
		d := &service.Deps{
			Platform: config.Platform{BlobURL: "file://" + filepath.Join(t.TempDir(), "blobs"), Insecure: insecure},
			Log:      slog.New(slog.DiscardHandler), Kafka: []kgo.Opt{kgo.SeedBrokers("127.0.0.1:1")},
		}
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		return Start(ctx, cfg, d, nil, "test")
	}
	if _, err := start("0.0.0.0:0", false); !errors.Is(err, auth.ErrUnauthenticated) {
		t.Fatalf("dev tenant on 0.0.0.0: %v, want %v", err, auth.ErrUnauthenticated)
	}
}
