package cli

import (
	"context"
	"flag"
	"io"
	"time"

	"google.golang.org/grpc"
)

// opCmd holds what every tracker command shares: its flag set with the
// tracker flags, -o and --timeout.
type opCmd struct {
	fs      *flag.FlagSet
	tracker trackerFlags
	out     *string
	timeout *time.Duration
}

// newOpCmd starts the flags of command name. timeout is --timeout's
// default; 0 means the command runs until interrupted unless told.
func newOpCmd(name string, stderr io.Writer, timeout time.Duration) *opCmd {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return &opCmd{
		fs:      fs,
		tracker: addTrackerFlags(fs, "token"),
		out:     outputFlag(fs),
		timeout: fs.Duration("timeout", timeout, "give up after this long (0: never)"),
	}
}

// parse parses args and returns the positional arguments.
func (c *opCmd) parse(args []string) ([]string, error) {
	pos, err := parseInterspersed(c.fs, args)
	if err != nil {
		return nil, err
	}
	return pos, checkOutput(*c.out)
}

// json tells whether -o json was asked.
func (c *opCmd) json() bool { return *c.out == outJSON }

// connect opens the tracker connection and bounds ctx by --timeout; the
// caller calls done.
func (c *opCmd) connect(ctx context.Context) (context.Context, *grpc.ClientConn, func(), error) {
	cc, err := c.tracker.dial()
	if err != nil {
		return nil, nil, nil, err
	}
	cancel := func() {}
	if *c.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, *c.timeout)
	}
	return ctx, cc, func() { cancel(); _ = cc.Close() }, nil
}
