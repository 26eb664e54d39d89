package app

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/docket-run/docket/pkg/auth"
	platform "github.com/docket-run/docket/pkg/config"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// TestOpenAPIRefusedOffLoopback (issue 15, finding 1): the tracker run as
// its command does, listening on every interface as the chart makes it,
// refuses to start without principals; DOCKET_INSECURE=true lets it start
// open; with a tokens file it starts and refuses a caller without a token.
func TestOpenAPIRefusedOffLoopback(t *testing.T) {
	e := newEnv(t)
	free, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(free.Addr().String())
	_ = free.Close()
	t.Setenv("DOCKET_SAGATRACKER_ADDR", "0.0.0.0:"+port)
	t.Setenv("DOCKET_SAGATRACKER_REDIS_PREFIX", e.prefix)
	p := platform.Platform{
		KafkaBrokers: e.kafka.Addrs, RegistryURL: e.registry, SchemaMode: platform.SchemaRegister,
		RedisURL: "redis://" + e.redis.Options().Addr + "/0", OpsAddr: "127.0.0.1:0", Concurrency: 1,
	}
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	run := func(t *testing.T) (stop func() error) {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- Run(ctx, p, log) }()
		return func() error {
			cancel()
			select {
			case err := <-done:
				return err
			case <-time.After(30 * time.Second):
				t.Fatal("Run did not return within 30s")
				return nil
			}
		}
	}
	list := func() error {
		cc, err := grpc.NewClient("127.0.0.1:"+port, grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			t.Fatal(err)
		}
		defer cc.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, err = trackerv1.NewTrackerClient(cc).ListWorkflows(ctx, &trackerv1.ListWorkflowsRequest{})
		return err
	}

	t.Run("no principals", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		err := Run(ctx, p, log)
		if !errors.Is(err, auth.ErrUnauthenticated) {
			t.Fatalf("Run = %v, want %v", err, auth.ErrUnauthenticated)
		}
	})
	t.Run("insecure", func(t *testing.T) {
		t.Setenv("DOCKET_INSECURE", "true")
		stop := run(t)
		if err := poll(30*time.Second, func() (bool, error) { return list() == nil, nil }); err != nil {
			t.Fatalf("open tracker with DOCKET_INSECURE never answered: %v (%v)", err, list())
		}
		if err := stop(); err != nil {
			t.Fatalf("Run: %v", err)
		}
	})
	t.Run("tokens file", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "tokens.json")
		if err := os.WriteFile(file, []byte(`{"principals": [{"name": "ops", "role": "operator", "tokens": ["`+operatorToken+`"]}]}`), 0o440); err != nil {
			t.Fatal(err)
		}
		t.Setenv("DOCKET_SAGATRACKER_TOKENS_FILE", file)
		stop := run(t)
		if err := poll(30*time.Second, func() (bool, error) { return status.Code(list()) == codes.Unauthenticated, nil }); err != nil {
			t.Fatalf("a caller without a token: %v, want Unauthenticated", list())
		}
		if err := stop(); err != nil {
			t.Fatalf("Run: %v", err)
		}
	})
}
