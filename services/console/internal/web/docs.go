package web

import (
	"cmp"
	"context"
	"net/url"
	"sync"
)

// docCache keeps what ingest knows of a workflow that the tracker does not
// (file name, document type), so that a list page costs ingest a lookup
// only for workflows not seen before. Bounded: past max entries it starts
// over.
type docCache struct {
	mu  sync.Mutex
	max int
	m   map[string][2]string
}

func newDocCache(max int) *docCache { return &docCache{max: max, m: map[string][2]string{}} }

func (c *docCache) get(id string) ([2]string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[id]
	return v, ok
}

func (c *docCache) put(id, filename, docType string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= c.max {
		c.m = map[string][2]string{}
	}
	c.m[id] = [2]string{filename, docType}
}

// drop forgets id: after its correction (another type) or its erasure
// (no file name any more).
func (c *docCache) drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, id)
}

// fromCache fills in what the cache knows, asking nobody.
func (s *Server) fromCache(rows []Workflow) {
	for i := range rows {
		if v, ok := s.docs.get(rows[i].ID); ok {
			rows[i].Filename, rows[i].DocumentType = cmp.Or(rows[i].Filename, v[0]), cmp.Or(rows[i].DocumentType, v[1])
		}
	}
}

func (s *Server) fromCachePtr(rows []*Workflow) {
	for _, r := range rows {
		if v, ok := s.docs.get(r.ID); ok {
			r.Filename, r.DocumentType = cmp.Or(r.Filename, v[0]), v[1]
		}
	}
}

// enrich fills in file name and document type from ingest's document read
// API (under the person's token: another tenant's workflow stays empty),
// eight lookups at a time. A document type is cached only once the
// workflow has one, so that a later look picks it up.
func (s *Server) enrich(ctx context.Context, x *session, rows []*Workflow) {
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for _, r := range rows {
		if v, ok := s.docs.get(r.ID); ok && v[1] != "" {
			r.Filename, r.DocumentType = cmp.Or(r.Filename, v[0]), v[1]
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			var d struct {
				Filename     string `json:"filename"`
				DocumentType string `json:"document_type"`
			}
			if _, err := s.getJSON(ctx, x, s.o.IngestURL+"/v1/workflows/"+url.PathEscape(r.ID)+"/document", &d); err != nil {
				return
			}
			r.Filename, r.DocumentType = cmp.Or(r.Filename, d.Filename), d.DocumentType
			s.docs.put(r.ID, d.Filename, d.DocumentType)
		}()
	}
	wg.Wait()
}
