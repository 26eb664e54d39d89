package bench

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"
	"time"
)

func TestTrimPath(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/home/me/docket/pkg/bus/runtime.go", "pkg/bus/runtime.go"},
		{"/home/me/go/pkg/mod/github.com/twmb/franz-go@v1.22.3/pkg/kgo/client.go", "github.com/twmb/franz-go@v1.22.3/pkg/kgo/client.go"},
		{"/opt/go/src/runtime/proc.go", "runtime/proc.go"},
		{"/tmp/BenchmarkPipeline1/002/ocr", "ocr"},
		{"/usr/lib/x86_64-linux-gnu/libc.so.6", "/usr/lib/x86_64-linux-gnu/libc.so.6"},
		{"runtime.main", "runtime.main"},
		{"github.com/docket-run/docket/pkg/bus/runtime.go", "github.com/docket-run/docket/pkg/bus/runtime.go"},
	} {
		if got := trimPath(tc.in, "/home/me/docket", "/opt/go", "/tmp"); got != tc.want {
			t.Errorf("trimPath(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestTrimProfile profiles this test for a moment and checks that the
// trimmed profile names no folder of this machine and still parses.
func TestTrimProfile(t *testing.T) {
	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		t.Skipf("a CPU profile is already running: %v", err) // go test -cpuprofile
	}
	for end := time.Now().Add(300 * time.Millisecond); time.Now().Before(end); {
		_ = strings.Repeat("x", 1000)
	}
	pprof.StopCPUProfile()
	_, file, _, _ := runtime.Caller(0)
	root, goroot := filepath.Dir(file), goEnv(t, "GOROOT")
	trimmed, err := TrimProfile(buf.Bytes(), root, goroot, os.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "p.pprof")
	if err := os.WriteFile(path, trimmed, 0o644); err != nil {
		t.Fatal(err)
	}
	// go tool pprof reads it back; -raw lists every string it uses.
	raw := goToolPprof(t, "-raw", path)
	for _, dir := range []string{root, goroot + "/src"} {
		if strings.Contains(raw, dir) {
			t.Errorf("trimmed profile still names %s:\n%s", dir, raw)
		}
	}
	if !strings.Contains(raw, "profile_test.go") {
		t.Errorf("trimmed profile lost this file's name:\n%s", raw)
	}
}

func goToolPprof(t *testing.T, args ...string) string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"tool", "pprof"}, args...)...).Output()
	if err != nil {
		t.Fatalf("go tool pprof %v: %v", args, err)
	}
	return string(out)
}

func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}
