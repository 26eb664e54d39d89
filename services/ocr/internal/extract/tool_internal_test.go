package extract

import (
	"syscall"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/fault"
)

func TestSignalClass(t *testing.T) {
	limits := ProcessLimits{Memory: 1 << 30, CPU: 1500 * time.Millisecond} // 2 whole seconds
	tests := []struct {
		name string
		sig  syscall.Signal
		cpu  time.Duration
		want fault.Class
	}{
		{"cpu soft limit", syscall.SIGXCPU, 2 * time.Second, fault.Structural},
		{"cpu hard limit", syscall.SIGKILL, 3 * time.Second, fault.Structural},
		{"oom killer", syscall.SIGKILL, 100 * time.Millisecond, fault.Transient},
		{"abort on failed allocation", syscall.SIGABRT, 0, fault.Structural},
		{"segfault", syscall.SIGSEGV, 0, fault.Structural},
		{"terminated from outside", syscall.SIGTERM, 0, fault.Transient},
	}
	for _, tt := range tests {
		if got := fault.ClassOf(limits.signaled("tool", tt.sig, tt.cpu, "")); got != tt.want {
			t.Errorf("%s: class %s, want %s", tt.name, got, tt.want)
		}
	}
}
