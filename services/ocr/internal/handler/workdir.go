package handler

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/docket-run/docket/services/ocr/internal/extract"
)

// SweepWorkDir removes what a killed process left in dir (the system temp
// dir when empty): the entries named like the service's temporary files
// that were last changed more than maxAge before now. maxAge must exceed
// the longest attempt, so that nothing a live attempt of any replica
// sharing dir still uses is removed. It returns how many it removed.
func SweepWorkDir(dir string, maxAge time.Duration, now time.Time) (int, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("read work dir: %w", err)
	}
	removed := 0
	var errs []error
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), extract.WorkPrefix) {
			continue
		}
		info, err := e.Info()
		if err != nil || now.Sub(info.ModTime()) <= maxAge {
			continue // gone meanwhile, or possibly in use
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			errs = append(errs, err)
			continue
		}
		removed++
	}
	return removed, errors.Join(errs...)
}
