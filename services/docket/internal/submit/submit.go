// Package submit uploads documents to ingest's HTTP API
// (POST /v1/documents) for `docket submit`.
package submit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// TypeHintLabel is the label that carries --type: the submitter's guess
// of the document type, for the classifier and the reviewers.
const TypeHintLabel = "type_hint"

// Client posts documents to one ingest.
type Client struct {
	// BaseURL is ingest's address, e.g. http://127.0.0.1:8080.
	BaseURL string
	// APIKey authenticates the tenant (Authorization: Bearer).
	APIKey string
	// Tenant, when set, is sent as Docket-Tenant: ingest refuses it unless
	// it is the API key's tenant.
	Tenant string
	// TypeHint, when set, is sent as the type_hint label.
	TypeHint string
	// Priority, when set, is the submissions' lane (interactive or bulk),
	// sent as the X-Docket-Priority header; ingest's default is
	// interactive.
	Priority string
	HTTP     *http.Client
}

// Accepted is ingest's answer to one accepted document.
type Accepted struct {
	File           string `json:"file"`
	WorkflowID     string `json:"workflow_id"`
	StatusURL      string `json:"status_url"`
	IdempotencyKey string `json:"idempotency_key"`
}

// Error is ingest's refusal of a document.
type Error struct {
	Status  int    // HTTP status
	Code    string // ingest's error code, e.g. unsupported_media_type
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("ingest answered %d %s: %s", e.Status, e.Code, e.Message)
}

// IdempotencyKey derives the key of a submission from the document's
// content hash and the metadata the client sends with it (its name and
// type hint), so running the same command again names the same workflow
// and creates nothing new, while the same bytes under another name are
// another submission rather than a conflict.
func IdempotencyKey(doc []byte, filename, typeHint string) string {
	sum := sha256.Sum256(doc)
	meta := sha256.Sum256([]byte(filename + "\x00" + typeHint))
	return "docket-cli/sha256:" + hex.EncodeToString(sum[:]) + "/" + hex.EncodeToString(meta[:6])
}

// File uploads the file at path and returns ingest's acceptance.
func (c *Client) File(ctx context.Context, path string) (Accepted, error) {
	doc, err := os.ReadFile(path)
	if err != nil {
		return Accepted{}, fmt.Errorf("read %s: %w", path, err)
	}
	name := filepath.Base(path)
	key := IdempotencyKey(doc, name, c.TypeHint)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if c.TypeHint != "" {
		if err := mw.WriteField("label."+TypeHintLabel, c.TypeHint); err != nil {
			return Accepted{}, err
		}
	}
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		return Accepted{}, err
	}
	if _, err := fw.Write(doc); err != nil {
		return Accepted{}, err
	}
	if err := mw.Close(); err != nil {
		return Accepted{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(c.BaseURL, "/")+"/v1/documents", &body)
	if err != nil {
		return Accepted{}, fmt.Errorf("ingest URL %q: %w", c.BaseURL, err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Idempotency-Key", key)
	if c.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.APIKey)
	}
	if c.Tenant != "" {
		req.Header.Set("Docket-Tenant", c.Tenant)
	}
	if c.Priority != "" {
		req.Header.Set("X-Docket-Priority", c.Priority)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return Accepted{}, fmt.Errorf("post %s: %w", name, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if err != nil {
		return Accepted{}, fmt.Errorf("read ingest's answer for %s: %w", name, err)
	}
	if resp.StatusCode != http.StatusAccepted {
		var e struct {
			Error struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(b, &e) != nil || e.Error.Code == "" {
			return Accepted{}, &Error{Status: resp.StatusCode, Code: "http", Message: strings.TrimSpace(string(b))}
		}
		return Accepted{}, &Error{Status: resp.StatusCode, Code: e.Error.Code, Message: e.Error.Message}
	}
	a := Accepted{File: path, IdempotencyKey: key}
	if err := json.Unmarshal(b, &a); err != nil || a.WorkflowID == "" {
		return Accepted{}, fmt.Errorf("ingest's answer for %s has no workflow_id: %q", name, b)
	}
	return a, nil
}
