package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
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
	// synopsis is the command line shown above the flags in its usage.
	synopsis string
	stderr   io.Writer
}

// newOpCmd starts the flags of command name. timeout is --timeout's
// default; 0 means the command runs until interrupted unless told. The
// flag set prints nothing itself: --help prints the command's usage, and
// a bad flag is a usage error Main prints with it.
func newOpCmd(name string, stderr io.Writer, timeout time.Duration) *opCmd {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &opCmd{
		fs:       fs,
		tracker:  addTrackerFlags(fs, "token"),
		out:      outputFlag(fs),
		timeout:  fs.Duration("timeout", timeout, "give up after this long (0: never)"),
		synopsis: "docket " + name + " [flags]",
		stderr:   stderr,
	}
}

// parse parses args and returns the positional arguments.
func (c *opCmd) parse(args []string) ([]string, error) {
	pos, err := parseInterspersed(c.fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		c.printUsage(c.stderr)
		return nil, errHelpShown
	case err != nil:
		return nil, c.usage(fmt.Errorf("%w: %w", errUsage, err))
	}
	if err := checkOutput(*c.out); err != nil {
		return nil, c.usage(err)
	}
	return pos, nil
}

// usage marks err (an errUsage) as a usage error of this command: Main
// prints it with the command's usage, not the global one.
func (c *opCmd) usage(err error) error {
	return &commandUsageError{err: err, print: c.printUsage}
}

// printUsage prints the command's synopsis and flags to w.
func (c *opCmd) printUsage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n\nflags:\n", c.synopsis)
	c.fs.SetOutput(w)
	c.fs.PrintDefaults()
	c.fs.SetOutput(io.Discard)
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
