package registry

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/twmb/franz-go/pkg/sr"
)

// logName is the file, inside the data directory, that holds the registry.
const logName = "registry.jsonl"

// Operations recorded in the log.
const (
	opRegister      = "register"       // Subject, Version, ID, Schema
	opConfig        = "config"         // Subject ("" for global), Level
	opConfigDelete  = "config_delete"  // Subject ("" for global: back to the default)
	opDeleteSubject = "delete_subject" // Subject, Permanent
	opDeleteVersion = "delete_version" // Subject, Version, Permanent
)

// record is one line of the log: one change that was acknowledged.
type record struct {
	Op        string     `json:"op"`
	Subject   string     `json:"subject,omitempty"`
	Version   int        `json:"version,omitempty"`
	ID        int        `json:"id,omitempty"`
	Schema    *sr.Schema `json:"schema,omitempty"`
	Level     string     `json:"level,omitempty"`
	Permanent bool       `json:"permanent,omitempty"`
	At        time.Time  `json:"at"`
}

// logFile is the append-only change log.
type logFile struct {
	path string
	f    *os.File
}

// openLog opens or creates the log in dir, locks it, and reads its records.
// A torn last line (one without its newline) is cut off.
func openLog(dir string, logger *slog.Logger) (*logFile, []record, error) {
	path := filepath.Join(dir, logName)
	_, statErr := os.Stat(path)
	created := errors.Is(statErr, os.ErrNotExist)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, fmt.Errorf("registry: open log: %w", err)
	}
	if err := lockFile(f); err != nil {
		_ = f.Close()
		return nil, nil, fmt.Errorf("registry: %s is in use by another registry: %w", path, err)
	}
	lf := &logFile{path: path, f: f}
	fail := func(err error) (*logFile, []record, error) {
		_ = lf.close()
		return nil, nil, err
	}
	if created {
		if err := syncDir(dir); err != nil {
			return fail(fmt.Errorf("registry: sync data directory: %w", err))
		}
	}

	data, err := os.ReadFile(path)
	if err != nil {
		return fail(fmt.Errorf("registry: read log: %w", err))
	}
	good := bytes.LastIndexByte(data, '\n') + 1
	if good < len(data) {
		logger.Warn("registry: dropping torn last line of the schema log",
			"path", path, "bytes", len(data)-good)
		if err := f.Truncate(int64(good)); err != nil {
			return fail(fmt.Errorf("registry: cut torn log tail: %w", err))
		}
		if err := f.Sync(); err != nil {
			return fail(fmt.Errorf("registry: sync log: %w", err))
		}
	}
	if _, err := f.Seek(int64(good), 0); err != nil {
		return fail(fmt.Errorf("registry: seek log: %w", err))
	}
	records, err := parseRecords(data[:good])
	if err != nil {
		return fail(fmt.Errorf("registry: %s: %w", path, err))
	}
	return lf, records, nil
}

func parseRecords(data []byte) ([]record, error) {
	var records []record
	for n := 1; len(data) > 0; n++ {
		i := bytes.IndexByte(data, '\n')
		line := data[:i]
		data = data[i+1:]
		var rec record
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&rec); err != nil {
			return nil, fmt.Errorf("line %d is damaged: %w", n, err)
		}
		if err := rec.validate(); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		records = append(records, rec)
	}
	return records, nil
}

func (rec *record) validate() error {
	switch rec.Op {
	case opRegister:
		if rec.Subject == "" || rec.Version <= 0 || rec.ID <= 0 || rec.Schema == nil {
			return fmt.Errorf("incomplete %s record", rec.Op)
		}
	case opConfig:
		var l sr.CompatibilityLevel
		if err := l.UnmarshalText([]byte(rec.Level)); err != nil {
			return err
		}
	case opDeleteSubject, opConfigDelete:
	case opDeleteVersion:
		if rec.Version <= 0 {
			return fmt.Errorf("incomplete %s record", rec.Op)
		}
	default:
		return fmt.Errorf("unknown operation %q", rec.Op)
	}
	return nil
}

// append writes rec as one line and fsyncs it.
func (lf *logFile) append(rec record) error {
	rec.At = time.Now().UTC()
	b, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("encode log record: %w", err)
	}
	if _, err := lf.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("append to %s: %w", lf.path, err)
	}
	if err := lf.f.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", lf.path, err)
	}
	return nil
}

func (lf *logFile) close() error {
	return lf.f.Close()
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	return errors.Join(d.Sync(), d.Close())
}
