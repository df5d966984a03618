-- The side menu shows one of two labels for the Facebook MA module.
ALTER TABLE brands ADD CONSTRAINT brands_ma_label CHECK (ma_label IN ('Facebook MA', 'MA'));
