package kafkacluster

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
)

// ForTest starts a cluster for t in a temporary folder and stops it with
// t.Cleanup; the nodes' logs are kept in the test's log when it fails. It
// skips the test under -short, and when Java is missing outside CI (in CI,
// CI=true, a missing Java fails the test).
func ForTest(t testing.TB, cfg Config) *Cluster {
	t.Helper()
	if testing.Short() {
		t.Skip("real Kafka cluster: skipped under -short")
	}
	if _, err := java(); err != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("real Kafka cluster: %v", err)
		}
		t.Fatal(err)
	}
	if cfg.Dir == "" {
		cfg.Dir = t.TempDir()
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	c, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Close()
		if t.Failed() {
			for _, n := range c.Nodes {
				t.Logf("node %d log: %s", n.ID, filepath.Join(n.Dir, "server.log"))
			}
		}
	})
	return c
}
