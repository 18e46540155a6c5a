// MetaWeblog
