package store

import (
	"fmt"
	"time"
)

// readSide holds the apply script's read-side settings.
type readSide struct {
	changesMaxLen int64
	statsTTL      time.Duration
}

var defaultReadSide = readSide{changesMaxLen: 100000, statsTTL: 24 * time.Hour}

func (r readSide) json() string {
	return fmt.Sprintf(`{"maxlen":%d,"ttl":%d}`, r.changesMaxLen, int64(r.statsTTL/time.Second))
}

// WithChangesMaxLen caps (approximately, MAXLEN ~) the change stream
// watches resume from. Default 100000.
func WithChangesMaxLen(n int64) Option { return func(s *Store) { s.readSide.changesMaxLen = n } }

// WithStatsRetention sets how long per-minute statistics are kept, the
// longest stats window. Default 24h.
func WithStatsRetention(d time.Duration) Option { return func(s *Store) { s.readSide.statsTTL = d } }

// StatsRetention returns the longest stats window.
func (s *Store) StatsRetention() time.Duration { return s.readSide.statsTTL }
