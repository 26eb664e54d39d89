package extract

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"strconv"
	"strings"
	"sync"
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
	// Limits are the hard resource limits every run of the tool has.
	Limits ProcessLimits
}

// ProcessLimits are the hard resource limits of one engine process. The
// tool is started through util-linux's prlimit(1), which sets the limits
// on itself (setrlimit) and then execs the tool in the same process: the
// tool runs under them from its first instruction. Setting them with
// prlimit(2) on the child's pid after Start would race the tool's first
// allocations, and Go offers no hook between fork and exec. The zero
// value sets no limit and runs the tool directly.
type ProcessLimits struct {
	// Memory is the address space (RLIMIT_AS) in bytes: an allocation
	// beyond it fails inside the tool, which then exits, crashes or says
	// "Out of memory" — all structural.
	Memory int64
	// CPU is the processor time (RLIMIT_CPU), rounded up to whole
	// seconds: the tool gets SIGXCPU when it is used up and SIGKILL a
	// second later. Either is structural: the input costs too much.
	CPU time.Duration
	// Prlimit is the prlimit binary; "" is prlimit on PATH.
	Prlimit string
}

func (l ProcessLimits) set() bool { return l.Memory > 0 || l.CPU > 0 }

// cpuSeconds is the CPU limit in whole seconds, rounded up.
func (l ProcessLimits) cpuSeconds() int64 {
	return int64((l.CPU + time.Second - 1) / time.Second)
}

// command returns the command that runs bin with args under the limits.
func (l ProcessLimits) command(ctx context.Context, bin string, args []string) (*exec.Cmd, error) {
	if !l.set() {
		return exec.CommandContext(ctx, bin, args...), nil
	}
	wrapper := cmp.Or(l.Prlimit, "prlimit")
	path, err := exec.LookPath(wrapper)
	if err != nil {
		return nil, fault.Structuralf("%q, which applies the engine processes' limits, is not installed or not executable: install the Debian package util-linux or set DOCKET_OCR_PRLIMIT_BIN: %w", wrapper, err)
	}
	pre := make([]string, 0, 3+len(args))
	if l.Memory > 0 {
		pre = append(pre, "--as="+strconv.FormatInt(l.Memory, 10))
	}
	if l.CPU > 0 {
		s := l.cpuSeconds()
		pre = append(pre, fmt.Sprintf("--cpu=%d:%d", s, s+1))
	}
	pre = append(pre, "--", bin)
	return exec.CommandContext(ctx, path, append(pre, args...)...), nil
}

// ErrOverLimit marks a tool killed for using up its CPU or crashing under
// its memory limit: the same input ends the same way every time, so no
// other tool is tried on it.
var ErrOverLimit = errors.New("over the engine's resource limits")

// signaled classifies a run ended by a signal we did not send. The CPU
// limit's signals, and the crashes an allocation failure under the memory
// limit ends in (abort on std::bad_alloc, a segfault on an unchecked
// NULL), are structural: the same input ends the same way every time. A
// SIGKILL from elsewhere (the kernel's OOM killer when the machine or the
// container is short of memory, an operator) is transient.
func (l ProcessLimits) signaled(what string, sig syscall.Signal, cpu time.Duration, msg string) error {
	switch {
	case sig == syscall.SIGXCPU, sig == syscall.SIGKILL && l.CPU > 0 && cpu >= time.Duration(l.cpuSeconds())*time.Second:
		return fault.Structuralf("%s: killed by signal %s after %s of CPU: over its limit of %ds (DOCKET_OCR_TOOL_MAX_CPU): %s: %w", what, sig, cpu.Round(time.Millisecond), l.cpuSeconds(), msg, ErrOverLimit)
	case sig == syscall.SIGABRT, sig == syscall.SIGSEGV, sig == syscall.SIGBUS, sig == syscall.SIGFPE, sig == syscall.SIGILL, sig == syscall.SIGSYS, sig == syscall.SIGTRAP:
		return fault.Structuralf("%s: crashed with signal %s (memory limit %d bytes, DOCKET_OCR_TOOL_MAX_MEMORY; 0 is none): %s: %w", what, sig, l.Memory, msg, ErrOverLimit)
	}
	return fault.Transientf("%s: killed by signal %s: %s", what, sig, msg)
}

// procAttr runs a tool in its own process group (killed whole when its
// context ends) and kills it when the thread that started it ends: a
// killed service leaves no engine process running. Go keeps its threads
// for the life of the process (only a goroutine that ends while locked to
// its thread ends that thread, and nothing here does), so the parent
// death signal fires when the service process dies.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// cpuMeter sums the CPU time of the engine processes of one document,
// for its tenant's quota. The nil meter counts nothing.
type cpuMeter struct {
	mu      sync.Mutex
	pending time.Duration
}

type cpuMeterKey struct{}

func withCPUMeter(ctx context.Context, m *cpuMeter) context.Context {
	return context.WithValue(ctx, cpuMeterKey{}, m)
}

func cpuMeterFrom(ctx context.Context) *cpuMeter {
	m, _ := ctx.Value(cpuMeterKey{}).(*cpuMeter)
	return m
}

func (m *cpuMeter) add(d time.Duration) {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.pending += d
	m.mu.Unlock()
}

// take returns the CPU time counted since the last take.
func (m *cpuMeter) take() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	d := m.pending
	m.pending = 0
	return d
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

// Run runs the tool with args under its limits, in its own process group,
// and returns its standard output. When ctx ends, the whole group is
// killed (a tool's children too); when the service dies, the tool gets
// SIGKILL. Failures are classified:
//
//   - binary missing: structural, naming the package to install;
//   - ctx ended (the document's timeout, shutdown): transient;
//   - output over the cap: structural;
//   - over a limit (CPU: SIGXCPU or SIGKILL with the CPU used up; memory:
//     a crash, or "Out of memory" on stderr even with status 0): structural;
//   - killed by SIGKILL from elsewhere (the OOM killer): transient;
//   - any other non-zero exit: structural (the tool rejected the input).
func (t Tool) Run(ctx context.Context, args ...string) ([]byte, error) {
	name := t.Bin
	what := name + " " + firstArg(args)
	bin, err := exec.LookPath(t.Bin)
	if err != nil {
		return nil, t.missing(err)
	}
	cmd, err := t.Limits.command(ctx, bin, args)
	if err != nil {
		return nil, err
	}
	var stdout = &cappedBuffer{limit: maxToolOutput}
	var stderr tailBuffer
	cmd.Stdout, cmd.Stderr = stdout, &stderr
	cmd.SysProcAttr = procAttr()
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	err = cmd.Run()
	if st := cmd.ProcessState; st != nil {
		cpuMeterFrom(ctx).add(st.UserTime() + st.SystemTime())
	}
	msg := strings.TrimSpace(string(stderr.b))
	if err == nil && stdout.over {
		return nil, fault.Structuralf("%s: output exceeds %d bytes", what, maxToolOutput)
	}
	if err == nil && strings.Contains(strings.ToLower(msg), "out of memory") {
		// pdftoppm whose page bitmap does not fit the address space
		// says so, writes a 1x1 image and exits 0.
		return nil, fault.Structuralf("%s: ran out of memory (limit %d bytes, DOCKET_OCR_TOOL_MAX_MEMORY; 0 is none): %s", what, t.Limits.Memory, msg)
	}
	if err == nil {
		return stdout.Bytes(), nil
	}
	if errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return nil, t.missing(err)
	}
	if ctx.Err() != nil {
		return nil, fault.Transientf("%s: stopped after the document's time ran out or the service stopped: %w", what, context.Cause(ctx))
	}
	if stdout.over {
		return nil, fault.Structuralf("%s: output exceeds %d bytes", what, maxToolOutput)
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return nil, t.Limits.signaled(what, ws.Signal(), ee.UserTime()+ee.SystemTime(), msg)
		}
		return nil, fault.Structuralf("%s: exit status %d: %s", what, ee.ExitCode(), msg)
	}
	return nil, fault.Transientf("run %s: %w", name, err)
}

// missing is the structural error of a binary that is not installed.
func (t Tool) missing(err error) error {
	return fault.Structuralf("engine binary %q is not installed or not executable: install the Debian package %s (apt-get install %s) or set its DOCKET_OCR_*_BIN setting: %w", t.Bin, t.Package, t.Package, err)
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
	cmd.SysProcAttr = procAttr()
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
