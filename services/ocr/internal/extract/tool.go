package extract

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/docket-run/docket/pkg/fault"
)

// maxToolOutput caps what one engine run may print: more is a structural
// failure (the document is absurd), never an unbounded buffer.
const maxToolOutput = 64 << 20

// maxStderr is how much of a tool's stderr is kept for error messages.
const maxStderr = 4 << 10

// Tool is one external binary and the Debian package that provides it.
type Tool struct {
	// Bin is the binary: a bare name is looked up on PATH.
	Bin string
	// Package is the Debian package to install when the binary is missing.
	Package string
}

type cappedBuffer struct {
	bytes.Buffer
	limit int
	over  bool
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if b.over || b.Len()+len(p) > b.limit {
		// Keep draining so the tool does not block on a full pipe; the
		// caller reports the overflow.
		b.over = true
		return len(p), nil
	}
	return b.Buffer.Write(p)
}

type tailBuffer struct{ b []byte }

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > maxStderr {
		t.b = t.b[len(t.b)-maxStderr:]
	}
	return len(p), nil
}

// Run runs the tool with args in its own process group and returns its
// standard output. When ctx ends, the whole group is killed (a tool's
// children too). Failures are classified:
//
//   - binary missing: structural, naming the package to install;
//   - ctx ended (the document's timeout, shutdown): transient;
//   - output over the cap: structural;
//   - killed by a signal not sent by us (the OOM killer): transient;
//   - any other non-zero exit: structural (the tool rejected the input).
func (t Tool) Run(ctx context.Context, args ...string) ([]byte, error) {
	var stdout = &cappedBuffer{limit: maxToolOutput}
	var stderr tailBuffer
	cmd := exec.CommandContext(ctx, t.Bin, args...)
	cmd.Stdout, cmd.Stderr = stdout, &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	err := cmd.Run()
	name := t.Bin
	if err == nil && stdout.over {
		return nil, fault.Structuralf("%s %s: output exceeds %d bytes", name, firstArg(args), maxToolOutput)
	}
	if err == nil {
		return stdout.Bytes(), nil
	}
	if errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return nil, fault.Structuralf("engine binary %q is not installed or not executable: install the Debian package %s (apt-get install %s) or set its DOCKET_OCR_*_BIN setting: %w", name, t.Package, t.Package, err)
	}
	if ctx.Err() != nil {
		return nil, fault.Transientf("%s %s: stopped after the document's time ran out or the service stopped: %w", name, firstArg(args), context.Cause(ctx))
	}
	if stdout.over {
		return nil, fault.Structuralf("%s %s: output exceeds %d bytes", name, firstArg(args), maxToolOutput)
	}
	msg := strings.TrimSpace(string(stderr.b))
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return nil, fault.Transientf("%s %s: killed by signal %s: %s", name, firstArg(args), ws.Signal(), msg)
		}
		return nil, fault.Structuralf("%s %s: exit status %d: %s", name, firstArg(args), ee.ExitCode(), msg)
	}
	return nil, fault.Transientf("run %s: %w", name, err)
}

func firstArg(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

// version runs the tool with args and returns the first line of its output
// (stdout and stderr: pdftotext prints its version on stderr).
func (t Tool) version(ctx context.Context, prefix string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, t.Bin, args...)
	out, err := cmd.CombinedOutput()
	if err != nil && len(out) == 0 {
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
			return "", fault.Structuralf("engine binary %q is not installed or not executable: install the Debian package %s (apt-get install %s): %w", t.Bin, t.Package, t.Package, err)
		}
		return "", fault.Transientf("%s %s: %w", t.Bin, strings.Join(args, " "), err)
	}
	for line := range strings.SplitSeq(string(out), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), prefix); ok {
			return strings.TrimSpace(v), nil
		}
	}
	return "", fault.Structuralf("%s %s: no line starting %q in %q", t.Bin, strings.Join(args, " "), prefix, firstLine(out))
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(string(b), "\n")
	return s
}
