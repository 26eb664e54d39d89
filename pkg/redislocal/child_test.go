package redislocal

import (
	"context"
	"fmt"
	"os"
	"time"
)

// childEnv makes the test binary act as a parent process that starts a
// redis-server, prints "<pid> <addr>" and then waits to be killed.
const childEnv = "DOCKET_REDISLOCAL_TEST_CHILD_DIR"

func runChild(dir string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := Start(ctx, dir, AllowMiniredis(false), Logger(discardLogger()))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Printf("%d %s\n", s.pid(), s.Addr())
	// Outlive the test by far; the test kills us.
	time.Sleep(time.Minute)
	os.Exit(3)
}
