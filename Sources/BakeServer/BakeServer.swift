// BakeServer
