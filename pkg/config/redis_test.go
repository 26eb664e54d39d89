package config_test

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/dockettest"
)

// TestAutopipelineSharesRoundTrips: the commands concurrent callers issue
// through the services' client reach redis-server in fewer reads than
// there are commands (a plain client makes a read of each), and each
// caller still gets its own answers, in its own order.
func TestAutopipelineSharesRoundTrips(t *testing.T) {
	srv := dockettest.Redis(t)
	plain := redis.NewClient(&redis.Options{Addr: srv.Addr(), DisableIdentity: true})
	defer plain.Close()
	rdb, err := config.Autopipeline(redis.NewClient(&redis.Options{Addr: srv.Addr(), DisableIdentity: true}))
	if err != nil {
		t.Fatal(err)
	}
	defer rdb.Close()
	ctx := context.Background()
	const callers, each = 64, 20
	run := func(c redis.UniversalClient, prefix string) int64 {
		before := readsProcessed(t, plain)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for g := range callers {
			wg.Go(func() {
				<-start
				key := prefix + strconv.Itoa(g)
				for i := range each {
					n, err := c.Incr(ctx, key).Result()
					if err != nil {
						t.Error(err)
						return
					}
					if n != int64(i+1) {
						t.Errorf("%s: INCR %d answered %d", key, i+1, n)
						return
					}
				}
			})
		}
		close(start)
		wg.Wait()
		return readsProcessed(t, plain) - before - 1 // the INFO that reads the count
	}
	direct := run(plain, "plain:")
	shared := run(rdb, "shared:")
	t.Logf("%d commands: %d reads from a plain client, %d autopipelined", callers*each, direct, shared)
	if direct < callers*each {
		t.Fatalf("a plain client's %d commands took %d reads: the count is not what this test assumes", callers*each, direct)
	}
	if shared > callers*each/2 {
		t.Errorf("autopipelined: %d reads for %d concurrent commands, want at most half", shared, callers*each)
	}
}

// readsProcessed returns redis-server's total_reads_processed.
func readsProcessed(t *testing.T, c *redis.Client) int64 {
	t.Helper()
	info, err := c.Info(context.Background(), "stats").Result()
	if err != nil {
		t.Fatal(err)
	}
	for l := range strings.Lines(info) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "total_reads_processed:"); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatal("INFO stats has no total_reads_processed")
	return 0
}
